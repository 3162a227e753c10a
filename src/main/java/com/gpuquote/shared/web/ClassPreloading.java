package com.gpuquote.shared.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;

import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Loads and initialises the application's view classes and Vaadin's component classes in the background once the
 * application is ready, so the first user to open a view does not wait for the JVM to load a few thousand classes
 * (issue 12: a cold server answered the sizing view's first load in ~1.8 s, a warm one in ~1.1 s; a Flight Recorder
 * profile showed class loading and initialisation, see docs/benchmarks.md). One low-priority thread, a few seconds
 * of CPU after start; classes that fail to load are skipped. Off in tests ({@code gpuquote.preload-classes=false}).
 */
@Component
@ConditionalOnProperty(name = "gpuquote.preload-classes", havingValue = "true", matchIfMissing = true)
class ClassPreloading {

    private static final Logger log = LoggerFactory.getLogger(ClassPreloading.class);
    /** Our own code and the Vaadin component and server classes our views use. */
    private static final String[] PATTERNS = {"classpath*:com/gpuquote/**/*.class",
            "classpath*:com/vaadin/flow/component/**/*.class", "classpath*:com/vaadin/flow/data/**/*.class",
            "classpath*:com/vaadin/flow/internal/**/*.class", "classpath*:com/vaadin/flow/router/**/*.class",
            "classpath*:org/jfree/chart/**/*.class", "classpath*:org/jfree/svg/**/*.class"};

    @EventListener(ApplicationReadyEvent.class)
    void preload() {
        Thread t = new Thread(this::run, "class-preloading");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    private void run() {
        long start = System.nanoTime();
        ClassLoader loader = ClassPreloading.class.getClassLoader();
        PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver(loader);
        int loaded = 0;
        for (String pattern : PATTERNS) {
            String root = pattern.substring("classpath*:".length(), pattern.indexOf("/**"));
            Resource[] resources;
            try {
                resources = resolver.getResources(pattern);
            } catch (Exception e) {
                continue;
            }
            for (Resource r : resources) {
                String name = className(r, root);
                if (name == null || name.endsWith("package-info") || name.endsWith("module-info")) {
                    continue;
                }
                try {
                    Class.forName(name, true, loader);
                    loaded++;
                } catch (Throwable skipped) {
                    // optional dependencies of a library we don't use; nothing to warm
                }
            }
        }
        log.info("Preloaded {} classes in {} ms", loaded, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** {@code …/com/vaadin/flow/component/grid/Grid.class} → {@code com.vaadin.flow.component.grid.Grid}. */
    private static @Nullable String className(Resource r, String root) {
        try {
            String url = r.getURL().toString();
            int at = url.lastIndexOf(root + "/");
            if (at < 0 || !url.endsWith(".class")) {
                return null;
            }
            return url.substring(at, url.length() - ".class".length()).replace('/', '.');
        } catch (Exception e) {
            return null;
        }
    }
}
