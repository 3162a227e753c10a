package com.gpuquote.quote.ui;

import com.gpuquote.quote.domain.ApprovalChains;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.pdf.QuotePdfService;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;

import java.io.ByteArrayInputStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The status actions the user may take on this quote now: only the legal ones are shown; approve is shown to tenant
 * admins but disabled for the quote's author (nobody approves their own quote). Every call goes through the service,
 * which decides again, against the row version shown here (a quote changed meanwhile is refused, not acted on unseen).
 */
class StatusActions extends HorizontalLayout {

    private static final Set<QuoteStatus> REVISABLE =
            EnumSet.of(QuoteStatus.SENT, QuoteStatus.VIEWED, QuoteStatus.REJECTED, QuoteStatus.EXPIRED);

    final Button submit = new Button();
    final Button approve = new Button();
    final Button reopen = new Button();
    final Button send = new Button();
    final Button revise = new Button();
    final Button reject = new Button();
    final Anchor pdf = new Anchor();
    /** The same document as a workbook (the figures of the PDF, line amounts as formulas). */
    final Anchor xlsx = new Anchor();
    /** Issue 16: a copy as a new DRAFT (any status); and, from version 2 on, the comparison of two versions. */
    final Button duplicate = new Button();
    final Button compare = new Button();

    StatusActions(QuoteDetails q, QuoteQueries queries, QuoteDrafting drafting, QuoteWorkflow workflow, QuotePdfService pdfs,
                  com.gpuquote.customer.ProjectService projects, Consumer<QuoteDetails> onDone) {
        GpuQuoteUser me = CurrentUser.require();
        boolean admin = me.hasRole(Role.TENANT_ADMIN);
        QuoteStatus s = q.status();
        setAlignItems(Alignment.BASELINE);
        submit.setText(getTranslation("quote.action.submit"));
        submit.setIcon(VaadinIcon.PAPERPLANE_O.create());
        submit.setId("quote-submit");
        submit.setVisible(s == QuoteStatus.DRAFT);
        submit.addClickListener(e -> {
            QuoteDetails[] done = new QuoteDetails[1];
            try {
                done[0] = workflow.submit(q.id(), q.rowVersion());
            } catch (com.gpuquote.shared.InvalidInputException refused) {
                if (refused.errors().stream().anyMatch(f -> "justification".equals(f.field()))) {
                    // issue 39: an option below cost goes to the approver only with the consultant's reasons
                    justificationDialog(q, workflow, onDone).open();
                    return;
                }
                QuoteUi.attempt(() -> { throw refused; });
                return;
            } catch (RuntimeException refused) {
                QuoteUi.attempt(() -> { throw refused; });
                return;
            }
            onDone.accept(done[0]);
            com.gpuquote.shared.ui.Notifications.success(submitted(done[0]));
        });
        button(reopen, "reopen", VaadinIcon.ARROW_BACKWARD,
                s == QuoteStatus.PENDING_APPROVAL || s == QuoteStatus.APPROVED, () -> onDone.accept(workflow.reopen(q.id(), q.rowVersion())));
        button(send, "send", VaadinIcon.ENVELOPE_O, s == QuoteStatus.APPROVED, () -> {
            var sent = workflow.sendWithLink(q.id(), q.rowVersion()); // issue 7: the customer's portal link, shown this once
            onDone.accept(sent.quote());
            if (sent.portalUrl() != null) {
                new SentDialog(sent).open();
            }
        });
        button(revise, "revise", VaadinIcon.COPY_O, REVISABLE.contains(s), () -> onDone.accept(workflow.revise(q.id(), q.rowVersion())));
        approve.setText(getTranslation("quote.action.approve"));
        approve.setIcon(VaadinIcon.CHECK.create());
        approve.setId("quote-approve");
        approve.addThemeVariants(ButtonVariant.LUMO_SUCCESS);
        // only for whoever holds the waiting step's role (a tenant admin does not approve an APPROVER step); shown
        // disabled, saying why, to the author and to whoever took an earlier step
        List<com.gpuquote.quote.domain.ApprovalStep> chain =
                ApprovalChains.orSingleAdminStep(q.approvalChain(), s == QuoteStatus.PENDING_APPROVAL);
        approve.setVisible(s == QuoteStatus.PENDING_APPROVAL && ApprovalChains.holdsWaitingRole(chain, me::hasRole));
        boolean author = me.userId().equals(q.authorId());
        boolean tookAStep = ApprovalChains.tookAStep(chain, me.userId());
        approve.setEnabled(!author && !tookAStep);
        if (author) {
            approve.setTooltipText(getTranslation("quote.error.selfApproval"));
        } else if (tookAStep) {
            approve.setTooltipText(getTranslation("quote.error.approvalEarlierStep"));
        }
        approve.addClickListener(e -> approveDialog(q, q.rowVersion(), workflow, onDone).open());
        reject.setText(getTranslation("quote.action.reject"));
        reject.setIcon(VaadinIcon.CLOSE_SMALL.create());
        reject.setId("quote-reject");
        reject.addThemeVariants(ButtonVariant.LUMO_ERROR);
        reject.setVisible(admin && s == QuoteStatus.PENDING_APPROVAL && !author);
        reject.addClickListener(e -> rejectDialog(q, q.rowVersion(), workflow, onDone).open());
        submit.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        pdf.setHref(DownloadHandler.fromInputStream(event -> {
            QuotePdfService.Pdf file = pdfs.render(q.id());
            return new DownloadResponse(new ByteArrayInputStream(file.content()), file.fileName(), "application/pdf",
                    file.content().length);
        }));
        pdf.getElement().setAttribute("download", true);
        pdf.setId("quote-pdf");
        Button pdfButton = new Button(getTranslation("quote.action.pdf"), VaadinIcon.DOWNLOAD.create());
        pdfButton.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        pdf.add(pdfButton);
        xlsx.setHref(DownloadHandler.fromInputStream(event -> {
            QuotePdfService.Pdf file = pdfs.xlsx(q.id());
            return new DownloadResponse(new ByteArrayInputStream(file.content()), file.fileName(),
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", file.content().length);
        }));
        xlsx.getElement().setAttribute("download", true);
        xlsx.setId("quote-xlsx");
        Button xlsxButton = new Button(getTranslation("quote.action.xlsx"), VaadinIcon.TABLE.create());
        xlsxButton.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        xlsx.add(xlsxButton);
        duplicate.setText(getTranslation("quote.action.duplicate"));
        duplicate.setIcon(VaadinIcon.COPY.create());
        duplicate.setId("quote-duplicate");
        duplicate.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        duplicate.addClickListener(e -> new DuplicateDialog(q, drafting, projects, onDone).open());
        compare.setText(getTranslation("quote.action.compare"));
        compare.setIcon(VaadinIcon.SPLIT_H.create());
        compare.setId("quote-compare");
        compare.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        compare.setVisible(q.version() > 1);
        compare.addClickListener(e -> new CompareVersionsDialog(q, queries).open());
        add(submit, approve, reject, reopen, send, revise, pdf, xlsx, duplicate, compare);
        if (q.sentAt() != null) { // issue 7: link, questions and acceptance of the customer portal
            Anchor portal = new Anchor("quotes/" + q.id() + "/portal", getTranslation("portal.link.title"));
            portal.setId("quote-portal-link");
            add(portal);
        }
    }

    /**
     * What submitting did and why: approved at once (nothing below the floor), or sent to the tenant admins for
     * approval because these lines are below the margin floor.
     */
    String submitted(QuoteDetails q) {
        if (q.status() != QuoteStatus.PENDING_APPROVAL) {
            return getTranslation("quote.submit.approved");
        }
        java.util.List<String> below = new java.util.ArrayList<>();
        q.options().forEach(o -> o.lines().stream().filter(com.gpuquote.quote.LineView::belowFloor)
                .forEach(l -> below.add(getTranslation("quote.option", o.name().name()) + " " + l.instanceType()
                        + " (" + getTranslation("quote.billingMode." + l.billingMode().name()) + ")")));
        if (below.isEmpty()) { // issue 39: waiting for the option's vouchers or margin, not a line
            return getTranslation("quote.submit.pendingOption");
        }
        return getTranslation("quote.submit.pending",
                com.gpuquote.shared.DisplayFormat.count(getLocale(), below.size(), "quote.count.line"), String.join("、", below));
    }

    /** Issue 39: submit an option below cost with the written justification the approver reads. */
    private Dialog justificationDialog(QuoteDetails q, QuoteWorkflow workflow, Consumer<QuoteDetails> onDone) {
        Dialog d = new Dialog();
        d.setId("justification-dialog");
        d.setHeaderTitle(getTranslation("quote.belowCost.justification.title"));
        d.add(new com.vaadin.flow.component.html.Paragraph(getTranslation("quote.belowCost.justification.explain")));
        TextArea why = new TextArea(getTranslation("quote.belowCost.justification.label"));
        why.setId("justification-text");
        why.setWidth("30rem");
        why.setRequired(true);
        why.setMaxLength(2000);
        d.add(why);
        Button ok = new Button(getTranslation("quote.action.submit"), e -> {
            if (why.getValue().isBlank()) {
                why.setInvalid(true);
                why.setErrorMessage(getTranslation("quote.error.required"));
                return;
            }
            QuoteDetails[] done = new QuoteDetails[1];
            if (QuoteUi.attempt(() -> done[0] = workflow.submit(q.id(), q.rowVersion(), why.getValue()))) {
                d.close();
                onDone.accept(done[0]);
                com.gpuquote.shared.ui.Notifications.success(submitted(done[0]));
            }
        });
        ok.setId("justification-submit");
        ok.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        d.getFooter().add(new Button(getTranslation("shared.cancel"), e -> d.close()), ok);
        return d;
    }

    private void button(Button b, String action, VaadinIcon icon, boolean legal, Runnable call) {
        b.setText(getTranslation("quote.action." + action));
        b.setIcon(icon.create());
        b.setId("quote-" + action);
        b.setVisible(legal);
        b.addClickListener(e -> {
            if (QuoteUi.attempt(call)) {
                com.gpuquote.shared.ui.Notifications.success(getTranslation("quote.action." + action + ".done"));
            }
        });
    }

    /** Refuse a quote waiting for approval, with the reason the author will read in their bell. */
    static Dialog rejectDialog(QuoteDetails q, int seenRowVersion, QuoteWorkflow workflow, Consumer<QuoteDetails> onDone) {
        Dialog d = new Dialog();
        d.setId("reject-dialog");
        d.setHeaderTitle(d.getTranslation("quote.action.reject") + " · " + q.number() + " v" + q.version());
        TextArea reason = new TextArea(d.getTranslation("quote.reject.reason"));
        reason.setId("reject-reason");
        reason.setWidth("30rem");
        reason.setRequired(true);
        reason.setHelperText(d.getTranslation("quote.reject.reason.help"));
        d.add(reason);
        Button ok = new Button(d.getTranslation("quote.action.reject"), e -> {
            if (reason.getValue().isBlank()) {
                reason.setInvalid(true);
                reason.setErrorMessage(d.getTranslation("quote.error.required"));
                return;
            }
            if (QuoteUi.attempt(() -> onDone.accept(workflow.reject(q.id(), reason.getValue(), seenRowVersion)))) {
                com.gpuquote.shared.ui.Notifications.success(d.getTranslation("quote.action.reject.done"));
                d.close();
            }
        });
        ok.setId("reject-confirm");
        ok.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_ERROR);
        d.getFooter().add(new Button(d.getTranslation("shared.cancel"), e -> d.close()), ok);
        return d;
    }

    /**
     * Approve with a comment; {@code seenRowVersion} is the version the admin looked at, so a quote changed since
     * (reopened, edited, resubmitted) is refused instead of approved unseen.
     */
    static Dialog approveDialog(QuoteDetails q, int seenRowVersion, QuoteWorkflow workflow, Consumer<QuoteDetails> onDone) {
        Dialog d = new Dialog();
        d.setId("approve-dialog");
        d.setHeaderTitle(d.getTranslation("quote.action.approve") + " · " + q.number() + " v" + q.version());
        TextArea comment = new TextArea(d.getTranslation("quote.approve.comment"));
        comment.setId("approve-comment");
        comment.setWidth("30rem");
        comment.setRequired(true);
        d.add(comment);
        // issue 39: approving below cost is a second, explicit confirmation, next to the consultant's reasons
        boolean belowCost = ApprovalReasons.anyBelowCost(q);
        com.vaadin.flow.component.checkbox.Checkbox confirmBelowCost = new com.vaadin.flow.component.checkbox.Checkbox(
                d.getTranslation("quote.belowCost.confirm"));
        confirmBelowCost.setId("approve-confirm-below-cost");
        if (belowCost) {
            if (q.belowCostJustification() != null) {
                com.vaadin.flow.component.html.Paragraph why = new com.vaadin.flow.component.html.Paragraph(
                        d.getTranslation("quote.belowCost.justification.label") + " " + q.belowCostJustification());
                why.setId("approve-justification");
                d.add(why);
            }
            d.add(confirmBelowCost);
        }
        Button ok = new Button(d.getTranslation("quote.action.approve"), e -> {
            if (comment.getValue().isBlank()) {
                comment.setInvalid(true);
                comment.setErrorMessage(d.getTranslation("quote.error.required"));
                return;
            }
            if (belowCost && !confirmBelowCost.getValue()) {
                confirmBelowCost.getElement().setAttribute("invalid", true);
                com.gpuquote.shared.ui.Notifications.error(d.getTranslation("quote.error.confirmBelowCost"));
                return;
            }
            if (QuoteUi.attempt(() -> onDone.accept(workflow.approve(q.id(), comment.getValue(), seenRowVersion,
                    belowCost ? Boolean.TRUE : null)))) {
                com.gpuquote.shared.ui.Notifications.success(d.getTranslation("quote.action.approve.done"));
                d.close();
            }
        });
        ok.setId("approve-confirm");
        ok.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_SUCCESS);
        d.getFooter().add(new Button(d.getTranslation("shared.cancel"), e -> d.close()), ok);
        return d;
    }
}
