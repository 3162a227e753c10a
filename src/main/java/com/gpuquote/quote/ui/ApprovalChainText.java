package com.gpuquote.quote.ui;

import com.gpuquote.quote.domain.ApprovalStep;
import com.vaadin.flow.component.html.Div;

import java.util.List;
import java.util.stream.Collectors;

/** A quote's approval chain in one line (issue 16): "审批链：1. 代理商管理员：已由 张三 审批 → 2. 审批人：待审批". */
class ApprovalChainText extends Div {

    ApprovalChainText(List<ApprovalStep> chain) {
        addClassName("approval-chain");
        setText(getTranslation("quote.approvalChain.label") + chain.stream().map(st -> st.decidedAt() == null
                        ? getTranslation("quote.approvalChain.pending", st.step(), role(st))
                        : getTranslation("quote.approvalChain.approved", st.step(), role(st),
                        st.approverName() == null ? "" : st.approverName()))
                .collect(Collectors.joining(" → ")));
    }

    private String role(ApprovalStep st) {
        return getTranslation("user.role." + st.role().name());
    }
}
