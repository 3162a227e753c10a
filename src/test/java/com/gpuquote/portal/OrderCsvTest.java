package com.gpuquote.portal;

import com.gpuquote.CalendarTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ServiceCharge;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The orders CSV cell by cell, written out by hand from the documented layout (29 columns: 8 of the order, 13 of the
 * line, currency, 7 of the invoice; instance lines first, then service lines with the amount under monthly_amount
 * or one_time_amount): quoting of commas and quotes, the formula guard, empty invoice columns.
 */
@CalendarTest
class OrderCsvTest {

    @Test
    void eachLineIsOneRowOfTwentyNineCellsQuotedAndGuardedAsSpreadsheetsNeed() {
        OrderSummary noInvoice = new OrderSummary(UUID.randomUUID(), "Q-2026-000001", 2, "深度智算, 北京", "训练",
                "A", "张三", "z@x.cn", Instant.parse("2026-11-30T10:00:00Z"),
                List.of(new OrderSummary.Item("ecs.gn7i", "cn-beijing", BillingMode.MONTHLY, 2, 12, 730,
                        new BigDecimal("100.50"), new BigDecimal("201.00"), new BigDecimal("2412.00"))),
                List.of(new PortalQuote.Service("部署", ServiceCharge.ONE_TIME, new BigDecimal("3000.00")),
                        new PortalQuote.Service("=运维", ServiceCharge.MONTHLY, new BigDecimal("500.00"))),
                new BigDecimal("701.00"), new BigDecimal("11412.00"), "CNY", null);
        OrderSummary invoiced = new OrderSummary(UUID.randomUUID(), "Q-2026-000002", 1, "星河", "推理", "B", "李四",
                "l@x.cn", Instant.parse("2026-12-01T08:30:00.123456Z"),
                List.of(new OrderSummary.Item("ml.g1", "cn-shanghai", BillingMode.HOURLY, 1, 1, 200,
                        new BigDecimal("12.0000"), new BigDecimal("2400.00"), new BigDecimal("2400.00"))),
                List.of(), new BigDecimal("2400.00"), new BigDecimal("2616.00"), "CNY",
                new InvoiceDetails(InvoiceType.SPECIAL, "星河 \"智算\" 有限公司", "91110000MA01ABCD2X", "北京市海淀区",
                        "010-12345678", "招商银行", "6225880000000000"));

        String csv = OrderCsv.write(List.of(noInvoice, invoiced));

        assertThat(csv.split("\r\n", -1)).containsExactly(
                OrderCsv.HEADER,
                "Q-2026-000001,2,\"深度智算, 北京\",训练,A,2026-11-30T10:00:00Z,张三,z@x.cn,"
                        + "instance,ecs.gn7i,cn-beijing,MONTHLY,2,12,730,100.50,201.00,2412.00,,,,CNY,,,,,,,",
                "Q-2026-000001,2,\"深度智算, 北京\",训练,A,2026-11-30T10:00:00Z,张三,z@x.cn,"
                        + "service,,,,,,,,,,部署,ONE_TIME,3000.00,CNY,,,,,,,",
                "Q-2026-000001,2,\"深度智算, 北京\",训练,A,2026-11-30T10:00:00Z,张三,z@x.cn,"
                        + "service,,,,,,,,500.00,,'=运维,MONTHLY,,CNY,,,,,,,",
                "Q-2026-000002,1,星河,推理,B,2026-12-01T08:30:00.123456Z,李四,l@x.cn,"
                        + "instance,ml.g1,cn-shanghai,HOURLY,1,1,200,12.0000,2400.00,2400.00,,,,CNY,"
                        + "SPECIAL,\"星河 \"\"智算\"\" 有限公司\",91110000MA01ABCD2X,北京市海淀区,010-12345678,招商银行,"
                        + "6225880000000000",
                "");
        assertThat(OrderCsv.HEADER.split(",")).hasSize(29);
    }
}
