package com.gpuquote.quote.internal;

import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.SystemAuthentication;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * Demo customers, an agreement, projects and quotes (profile demo), after the demo price lists, so a new user sees
 * every stage at once: a two-option draft, a quote sent to the customer, and one below the margin floor waiting for
 * the tenant admin's approval. Acts as the tenant's demo consultant (and its admin for the agreement) through the
 * secured services. Idempotent: a tenant that has any customer is left alone.
 */
@Component
@Profile("demo")
@Order(30)
class DemoQuotes implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(DemoQuotes.class);

    /** The texts of one demo tenant, in its language. */
    record Script(String admin, String consultant, String customerA, String creditCodeA, Contact contactA,
                  String addressA, String language, String agreementName, String projectInference,
                  String projectFineTune, String customerB, String creditCodeB, Contact contactB,
                  String projectTraining, String deployment, String support, String approvalComment) {
    }

    static final List<Script> SCRIPTS = List.of(
            new Script("admin@sanfei.demo", "consultant@sanfei.demo",
                    "北京星河智算科技有限公司", "91110108MA01XH3K23",
                    new Contact("张伟", "zhang.wei@xinghe-ai.example.cn", "+86 138 0000 1234", "技术总监"),
                    "北京市海淀区中关村大街 1 号", "zh-CN", "2026 年度框架协议",
                    "Qwen2.5-72B 在线推理", "Llama-3-8B LoRA 微调",
                    "上海曜石医疗影像有限公司", "91310115MA1K4Q7L35",
                    new Contact("陈静", "chen.jing@yaoshi-med.example.cn", "+86 139 0000 5678", "采购经理"),
                    "医学影像基础模型训练", "部署与调优（一次性）", "7×24 运维支持", "战略客户，同意此价格"),
            new Script("admin@northwind.demo", "consultant@northwind.demo",
                    "Contoso AI Labs", null,
                    new Contact("Dana Li", "dana.li@contoso-ai.example.com", "+86 21 5555 0100", "CTO"),
                    "88 Century Avenue, Pudong, Shanghai", "en", "2026 framework agreement",
                    "Llama 3 70B chat service", "Mistral 7B LoRA fine-tuning",
                    "Fabrikam Robotics", null,
                    new Contact("Sam Wu", "sam.wu@fabrikam.example.com", "+86 10 5555 0199", "Procurement"),
                    "Vision model training", "Deployment and tuning (one-time)", "24x7 operations support",
                    "Strategic account, price approved"));

    private final CustomerService customers;
    private final ProjectService projects;
    private final AgreementService agreements;
    private final QuoteDrafting drafting;
    private final QuoteWorkflow workflow;
    private final UserDetailsService users;

    private final com.gpuquote.quote.QuoteTermsService terms;
    private final java.time.Clock clock;

    DemoQuotes(CustomerService customers, ProjectService projects, AgreementService agreements, QuoteDrafting drafting, QuoteWorkflow workflow,
               UserDetailsService users, com.gpuquote.quote.QuoteTermsService terms, java.time.Clock clock) {
        this.clock = clock;
        this.terms = terms;
        this.customers = customers;
        this.projects = projects;
        this.agreements = agreements;
        this.drafting = drafting;
        this.workflow = workflow;
        this.users = users;
    }

    @Override
    public void run(ApplicationArguments args) {
        for (Script script : SCRIPTS) {
            try {
                GpuQuoteUser consultant = (GpuQuoteUser) users.loadUserByUsername(script.consultant());
                GpuQuoteUser admin = (GpuQuoteUser) users.loadUserByUsername(script.admin());
                if (SystemAuthentication.asUser(consultant, () -> customers.count(CustomerService.Search.ALL)) > 0) {
                    continue;
                }
                seed(script, consultant, admin);
            } catch (UsernameNotFoundException e) {
                log.warn("Demo account missing; no demo quotes for {}", script.consultant());
            }
        }
    }

    private void seed(Script s, GpuQuoteUser consultant, GpuQuoteUser admin) {
        LocalDate today = BusinessCalendar.today(clock);
        // the tenant's default terms (issue 16), so every demo document prints payment, delivery, SLA and validity
        SystemAuthentication.asUser(admin, () -> terms.save(null, new com.gpuquote.quote.QuoteTerms(null, "标准条款",
                new com.gpuquote.quote.QuoteTerms.Sections(
                        "合同签订后 5 个工作日内预付首期包月或包年费用；按量费用按月结算，开票后 15 日内支付。",
                        "付款确认后 2 个工作日内开通实例并交付登录信息，GPU 驱动与 CUDA 环境预装。",
                        "实例可用性按云厂商 SLA（99.9%）；7×24 小时工单支持，P1 故障 30 分钟内响应。",
                        "本报价在有效期截止日前有效；价格不含税，增值税按适用税率另计。"),
                new com.gpuquote.quote.QuoteTerms.Sections(
                        "Subscription fees for the first period are paid in advance within 5 working days of signing; "
                                + "pay-as-you-go usage is billed monthly and due 15 days after invoice.",
                        "Instances are provisioned with GPU drivers and CUDA installed, and access handed over, "
                                + "within 2 working days of payment.",
                        "Instance availability per the cloud provider's SLA (99.9%); 24/7 ticket support, P1 "
                                + "incidents answered within 30 minutes.",
                        "This quote holds until its validity date; prices exclude VAT, added at the applicable rate."),
                true)));
        Customer a = SystemAuthentication.asUser(consultant, () -> customers.create(new CustomerDraft(s.customerA(), s.creditCodeA(),
                s.addressA(), s.language(), null, List.of(s.contactA()), null)));
        SystemAuthentication.asUser(admin, () -> agreements.create(a.id(), new AgreementDraft(s.agreementName(), today.minusDays(60),
                today.plusDays(305), List.of(
                        AgreementRule.PercentOff.all(new BigDecimal("8")),
                        AgreementRule.PercentOff.gpuModel("H20-SXM5-96GB", new BigDecimal("12")),
                        new AgreementRule.VolumeTier(16, new BigDecimal("3")),
                        new AgreementRule.TermTier(12, new BigDecimal("5"))), null)));
        Customer b = SystemAuthentication.asUser(consultant, () -> customers.create(new CustomerDraft(s.customerB(), s.creditCodeB(),
                null, s.language(), null, List.of(s.contactB()), null)));

        SystemAuthentication.asUser(consultant, () -> {
            // A draft with two options to compare: H20 monthly vs L20 yearly.
            Project inference = projects.create(new ProjectDraft(a.id(), s.projectInference(), null));
            drafting.create(new NewQuote(inference.id(), null, List.of(
                    new QuoteInput.Option("A", List.of(
                            QuoteInput.Line.of("ecs.pni3ln.22xlarge", "cn-beijing", BillingMode.MONTHLY, 2, 12)),
                            List.of(QuoteInput.Service.oneTime(s.deployment(), "8000.00"))),
                    new QuoteInput.Option("B", List.of(
                            QuoteInput.Line.of("ecs.gni3cl.45xlarge", "cn-beijing", BillingMode.YEARLY, 1, 12)),
                            List.of(QuoteInput.Service.oneTime(s.deployment(), "8000.00"))))));

            // A quote sent to the customer (approved directly: nothing below the floor).
            Project fineTune = projects.create(new ProjectDraft(a.id(), s.projectFineTune(), null));
            QuoteDetails sent = drafting.create(new NewQuote(fineTune.id(), null, List.of(
                    new QuoteInput.Option("A", List.of(
                            QuoteInput.Line.of("ecs.gni2.7xlarge", "cn-beijing", BillingMode.HOURLY, 1, 3)),
                            List.of(QuoteInput.Service.monthly(s.support(), "1500.00"))),
                    new QuoteInput.Option("B", List.of(
                            QuoteInput.Line.of("ecs.pni2l.3xlarge", "cn-beijing", BillingMode.MONTHLY, 1, 3)),
                            List.of(QuoteInput.Service.monthly(s.support(), "1500.00"))))));
            if (workflow.submit(sent.id()).status() == QuoteStatus.PENDING_APPROVAL) {
                SystemAuthentication.asUser(admin, () -> workflow.approve(sent.id(), s.approvalComment()));
            }
            workflow.send(sent.id());

            // A deep manual discount: below the margin floor, so it waits for the tenant admin's approval.
            Project training = projects.create(new ProjectDraft(b.id(), s.projectTraining(), null));
            QuoteDetails discounted = drafting.create(new NewQuote(training.id(), null, List.of(
                    new QuoteInput.Option("A", List.of(
                            QuoteInput.Line.of("ecs.pni2l.28xlarge", "cn-shanghai", BillingMode.MONTHLY, 2, 6)
                                    .withManualDiscount(new BigDecimal("15"))), List.of()))));
            // issue 39: it is below cost, so the consultant says why (the approver reads it)
            workflow.submit(discounted.id(), null, s.language().startsWith("zh")
                    ? "战略客户的训练首单：以低于成本的价格换取后续一年的推理业务。"
                    : "First training order of a strategic customer: below cost for the year of inference that follows.");
            return null;
        });
        log.info("Demo customers, projects and quotes seeded for {}", s.consultant());
    }

}
