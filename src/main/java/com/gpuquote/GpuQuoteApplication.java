package com.gpuquote;

import com.vaadin.flow.component.page.AppShellConfigurator;
import com.vaadin.flow.theme.Theme;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
@Theme("gpuquote")
// server push (issue 12): open quotes and bells update when another user's change commits (shared.LiveUpdates)
@com.vaadin.flow.component.page.Push
public class GpuQuoteApplication implements AppShellConfigurator {

    public static void main(String[] args) {
        SpringApplication.run(GpuQuoteApplication.class, args);
    }
}
