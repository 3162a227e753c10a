package com.gpuquote.dashboard;

import com.gpuquote.security.UserId;

import java.time.LocalDate;

/**
 * The tenant dashboard's filter: business days {@code from}..{@code to} inclusive (China time; a quote belongs to
 * the day its current version was created, a price list to the day it was published) and optionally one
 * consultant (the quotes' author; price-list changes are not a consultant's).
 */
public record DashboardFilter(LocalDate from, LocalDate to, UserId consultantId) {

    /** The longest period one request may cover (a month axis of at most 37 months). */
    public static final int MAX_DAYS = 3 * 366;
}
