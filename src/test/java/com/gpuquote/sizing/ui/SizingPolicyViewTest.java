package com.gpuquote.sizing.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.sizing.SizingPolicyService;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

class SizingPolicyViewTest extends KaribuTest {

    @Autowired
    TestTenants tenants;
    @Autowired
    SizingPolicyService policies;

    @Test
    void adminEditsABandValidatedAndResets() {
        var t = tenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(SizingPolicyView.class);
        SizingPolicyView view = _get(SizingPolicyView.class);
        assertThat(view.fields.get("bands.INFERENCE.min").getValue()).isEqualByComparingTo("1");
        assertThat(view.status.getText()).contains("默认");

        _setValue(view.fields.get("bands.INFERENCE.min"), new BigDecimal("1.5"));
        _setValue(view.fields.get("bands.INFERENCE.max"), new BigDecimal("3"));
        _click(view.save);
        assertThat(policies.current().bands().get(Workload.INFERENCE).min()).isEqualByComparingTo("1.5");
        assertThat(view.status.getText()).contains("自定义");

        _setValue(view.fields.get("bands.TRAINING.min"), new BigDecimal("0.4"));
        _setValue(view.fields.get("usableVramFraction"), new BigDecimal("1.5"));
        _click(view.save);
        assertThat(view.fields.get("bands.TRAINING.min").isInvalid()).isTrue();
        assertThat(view.fields.get("usableVramFraction").isInvalid()).isTrue();
        assertThat(policies.current().bands().get(Workload.TRAINING).min()).isEqualByComparingTo("2");

        _click(view.reset);
        assertThat(policies.current().defaults()).isTrue();
        assertThat(view.fields.get("bands.INFERENCE.min").getValue()).isEqualByComparingTo("1");
    }
}
