package com.gpuquote.layout;

import com.github.mvysny.kaributesting.v10.NavigatorKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** A view whose service gets no database connection shows the friendly translated page, not an exception. */
class DatabaseUnavailableViewTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    DataSource dataSource;

    @Test
    void aViewThatFindsNoDatabaseShowsTheTranslatedUnavailablePage() throws SQLException {
        login(testTenants.create().consultantEmail());
        List<Connection> held = new ArrayList<>();
        try {
            while (true) {
                try {
                    held.add(dataSource.getConnection());
                } catch (SQLException poolEmpty) {
                    break; // every connection of the runtime pool is ours now
                }
            }
            UI.getCurrent().navigate("customers/" + UUID.randomUUID());
            assertThat(NavigatorKt.getCurrentView()).isEqualTo(DatabaseUnavailableView.class);
            assertThat(_get(H2.class, s -> s.withId("error-title")).getText()).isEqualTo("服务暂时不可用");
            assertThat(_get(Paragraph.class, s -> s.withId("error-text")).getText()).contains("数据库", "稍候");
            assertThat(UI.getCurrent().getInternals().getTitle()).isEqualTo("服务暂时不可用 | GpuQuote");
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
    }
}
