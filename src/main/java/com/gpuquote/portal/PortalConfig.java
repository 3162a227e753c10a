package com.gpuquote.portal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.quote.QuotePortalAccess;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** One {@link PortalViews} (stateless) shared by the portal services (ADR 1408). */
@Configuration(proxyBeanMethods = false)
class PortalConfig {

    @Bean
    PortalViews portalViews(PortalRepository repository, PortalNames names, ObjectMapper json, CatalogService catalog,
                            QuotePortalAccess quotes, Clock clock) {
        return new PortalViews(repository, names, json, catalog, quotes, clock);
    }
}
