package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.SizingWarmUpStep;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.internal.ConstantPool;
import com.vaadin.flow.server.VaadinSession;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Issue 12: the sizing view's first load after a start spent about 0.45 s more on the server than its later loads
 * (measured by FirstLoadBench; a JFR profile of that request shows the view's constructor, its form defaults and
 * the candidates' rendering running for the first time: class initialisation, lambda linkage, interpreted code).
 * Once at start, after the engine's warm-up, this builds one sizing view exactly as a navigation would (through
 * Spring, so with the real services), shows the warm-up's default recommendation in it, and encodes the changes a
 * first response would send, all in a detached {@link UI} of no session that is thrown away. It reads no tenant data
 * (the warm-up runs with no tenant; the customer picker's query only runs when its list is opened) and keeps nothing.
 */
@Component
class SizingViewWarmUp implements SizingWarmUpStep {

    private final AutowireCapableBeanFactory beans;

    SizingViewWarmUp(AutowireCapableBeanFactory beans) {
        this.beans = beans;
    }

    @Override
    public String warmUp(RecommendationReport report) {
        UI previous = UI.getCurrent();
        // a session of no service that only this thread sees: Vaadin checks that the session is locked when the
        // components queue their client-side calls for the response
        ReentrantLock lock = new ReentrantLock();
        VaadinSession session = new VaadinSession(null) {
            @Override
            public java.util.concurrent.locks.Lock getLockInstance() {
                return lock;
            }
        };
        session.lock();
        UI ui = new UI();
        ui.getInternals().setSession(session);
        UI.setCurrent(ui);
        try {
            SizingView view = beans.createBean(SizingView.class);
            ui.add(view);
            view.showForWarmUp(report);
            return "view built, " + report.candidates().size() + " candidates shown, " + encode(ui)
                    + " node changes encoded";
        } finally {
            UI.setCurrent(previous);
            lock.unlock(); // not session.unlock(): that runs the service's pending tasks, and there is no service
        }
    }

    /** What the response to the navigation would encode: the state tree's pending changes as JSON. */
    private static int encode(UI ui) {
        var tree = ui.getInternals().getStateTree();
        tree.runExecutionsBeforeClientResponse();
        ConstantPool pool = new ConstantPool();
        List<Object> json = new ArrayList<>();
        tree.collectChanges(change -> json.add(change.toJson(pool)));
        return json.size();
    }
}
