package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.quote.domain.ApprovalTier;
import com.gpuquote.quote.ApprovalTierService;
import com.gpuquote.security.Role;
import com.vaadin.flow.component.UI;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16: a tenant admin sets approval tiers on their screen, with the REST rules; a bad percent shows at its field. */
class ApprovalTiersViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    ApprovalTierService tiers;

    @Test
    void anAdminSetsTwoTiersAndABadPercentIsShownAtItsField() {
        QuoteUiFixtures.World world = fixtures.world("层级客户", "zh-CN");
        login(world.admin());
        UI.getCurrent().navigate(ApprovalTiersView.class);
        ApprovalTiersView view = _get(ApprovalTiersView.class);
        assertThat(view.rows).isEmpty();

        _click(view.add);
        _click(view.add);
        _setValue(view.rows.get(0).percent(), new BigDecimal("30"));
        _setValue(view.rows.get(0).role(), Role.APPROVER);
        _setValue(view.rows.get(1).percent(), new BigDecimal("150"));
        _click(view.save);
        assertThat(view.rows.get(1).percent().isInvalid()).isTrue();
        assertThat(view.rows.get(1).percent().getErrorMessage()).isEqualTo("折扣须在 0 到 100 之间，最多 2 位小数");
        assertThat(fixtures.as(world.admin(), () -> tiers.tiers())).isEmpty(); // nothing half-saved

        _setValue(view.rows.get(1).percent(), new BigDecimal("15"));
        _click(view.save);
        List<ApprovalTier> saved = fixtures.as(world.admin(), () -> tiers.tiers());
        assertThat(saved).extracting(t -> t.discountPercentAbove().toPlainString() + " " + t.role())
                .containsExactly("15.00 TENANT_ADMIN", "30.00 APPROVER");
        // shown again lowest first
        assertThat(view.rows.get(0).percent().getValue()).isEqualByComparingTo("15");
        assertThat(view.rows.get(1).role().getValue()).isEqualTo(Role.APPROVER);
    }
}
