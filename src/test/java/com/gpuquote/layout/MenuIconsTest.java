package com.gpuquote.layout;

import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every menu entry of the side nav shows an icon: each {@code @Menu} of a route in {@code com.gpuquote} names an
 * icon, and the icon exists in the Vaadin icon set this build ships ({@code new Icon("vaadin:price")} would draw
 * nothing, as the Prices entry once did).
 */
class MenuIconsTest {

    /** The icon names of the Vaadin icon set: {@code vaadin:} and the constant's name in kebab case. */
    private static final Set<String> VAADIN_ICONS = Arrays.stream(VaadinIcon.values())
            .map(i -> "vaadin:" + i.name().toLowerCase(Locale.ROOT).replace('_', '-'))
            .collect(Collectors.toUnmodifiableSet());

    @Test
    void everyMenuEntryOfEveryRouteNamesAnExistingVaadinIcon() throws ClassNotFoundException {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(Menu.class));
        Map<String, String> icons = new TreeMap<>();
        for (BeanDefinition candidate : scanner.findCandidateComponents("com.gpuquote")) {
            Class<?> view = Class.forName(candidate.getBeanClassName());
            if (!view.isAnnotationPresent(Route.class)) {
                continue;
            }
            icons.put(view.getName(), view.getAnnotation(Menu.class).icon());
        }
        // the application's menu has far more than a handful of entries: the scan found them
        assertThat(icons).hasSizeGreaterThan(20).containsKey("com.gpuquote.pricing.ui.PricesView");
        List<String> wrong = icons.entrySet().stream().filter(e -> !VAADIN_ICONS.contains(e.getValue()))
                .map(e -> e.getKey() + " → \"" + e.getValue() + "\"").toList();
        assertThat(wrong).as("menu icons that are not in VaadinIcon").isEmpty();
    }

    @Test
    void theDerivedNamesAreTheOnesVaadinItselfGivesItsIcons() {
        // VaadinIcon.create() names its icon element itself; the derivation above must agree with it for every icon
        for (VaadinIcon icon : VaadinIcon.values()) {
            assertThat(VAADIN_ICONS).contains(icon.create().getElement().getAttribute("icon"));
        }
        assertThat(VAADIN_ICONS).contains("vaadin:tag", "vaadin:money", "vaadin:clipboard-text", "vaadin:file-text-o")
                .doesNotContain("vaadin:price");
    }
}
