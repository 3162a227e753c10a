package com.gpuquote.shared.pdf;

import com.gpuquote.CalendarTest;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many PDFs at once (the load test's 16 connections) share a bounded pool of parsed fonts: each document is whole
 * and readable, and no more fonts are held than the pool's size, instead of one 5 MB collection parsed per
 * concurrent document.
 */
@CalendarTest
class PdfDocumentsTest {

    @Test
    void concurrentDocumentsAreCompleteAndShareABoundedFontPool() throws Exception {
        int documents = 12;
        ExecutorService pool = Executors.newFixedThreadPool(documents);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<byte[]>> pdfs = new ArrayList<>();
            for (int i = 0; i < documents; i++) {
                int n = i;
                pdfs.add(pool.submit(() -> {
                    start.await();
                    return PdfDocuments.write("报价 " + n, "测试", "第 {0} / {1} 页", c -> {
                        assertThat(PdfDocuments.parsedFonts()).isLessThanOrEqualTo(PdfDocuments.maxPooledFonts());
                        for (int p = 0; p < 40; p++) {
                            c.paragraph("第 " + n + " 号文档，段落 " + p + "：GPU 云服务器报价，含 H800 80 GB 与 A10 24 GB 实例。", 10);
                        }
                    });
                }));
            }
            start.countDown();
            for (int i = 0; i < documents; i++) {
                try (PDDocument doc = Loader.loadPDF(pdfs.get(i).get())) {
                    String text = new PDFTextStripper().getText(doc);
                    assertThat(text).contains("第 " + i + " 号文档，段落 39").contains("第 1 / " + doc.getNumberOfPages() + " 页");
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(PdfDocuments.parsedFonts()).isLessThanOrEqualTo(PdfDocuments.maxPooledFonts());
    }
}
