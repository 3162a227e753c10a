package com.gpuquote.quote.api;

import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.RenewalService;
import com.gpuquote.quote.Subscriptions;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.UUID;

/** Renewals (issue 16): an accepted quote's subscriptions with their end dates, and the renewal quote made from it. */
@RestController
@Tag(name = "Quotes")
class RenewalController {

    private final RenewalService renewals;

    RenewalController(RenewalService renewals) {
        this.renewals = renewals;
    }

    @GetMapping("/api/v1/quotes/{id}/subscriptions")
    @Operation(summary = "The monthly and yearly lines an accepted quote started, with start and end dates")
    List<Subscriptions.Subscription> subscriptions(@PathVariable UUID id) {
        return renewals.subscriptions(new QuoteId(id));
    }

    @PostMapping("/api/v1/quotes/{id}/renewal")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create the renewal DRAFT of an accepted quote, starting from the contracted unit prices")
    QuoteJson renew(@PathVariable UUID id) {
        return QuoteJson.of(renewals.createRenewal(new QuoteId(id)));
    }
}
