package com.gpuquote.security.internal;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Documents how to authenticate against {@code /api/v1}: HTTP Basic with the web login (one Argon2 verification per
 * request) or a personal API token {@code gqt_…} as {@code Authorization: Bearer} (the way for scripts). Every operation
 * accepts either, so Swagger UI's "Authorize" offers both.
 */
@Configuration
class OpenApiSecurity {

    static final String BASIC = "basicAuth";
    static final String BEARER = "bearerToken";

    @Bean
    OpenAPI gpuQuoteOpenApi() {
        return new OpenAPI()
                .info(new Info().title("GpuQuote API").version("v1")
                        .description("Configure-price-quote for GPU cloud resellers. Authenticate with HTTP Basic "
                                + "(your login) or, for scripts, a personal API token (POST /api/v1/me/tokens) sent as "
                                + "Authorization: Bearer gqt_…"))
                .components(new Components()
                        .addSecuritySchemes(BASIC, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("basic")
                                .description("Email and password of a GpuQuote account (costs one Argon2id verification "
                                        + "per request)"))
                        .addSecuritySchemes(BEARER, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                                .bearerFormat("gqt_…")
                                .description("Personal API token gqt_… from POST /api/v1/me/tokens or the API tokens "
                                        + "page; carries the user's tenant and roles")))
                .addSecurityItem(new SecurityRequirement().addList(BASIC))
                .addSecurityItem(new SecurityRequirement().addList(BEARER));
    }
}
