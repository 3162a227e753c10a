package com.gpuquote.pricing;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.internal.PriceListRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Per-tenant versioned price lists: drafts, CSV import (preview, then apply), row edits, publish, archive, export.
 * Writes and everything with cost prices are TENANT_ADMIN; consultants may list published lists and read their list
 * prices ({@link #listPriceRows}). Drafts do not exist for consultants (404). Every write is audited.
 * Rules of versions and windows: docs/decisions/0102-price-list-versions.md.
 */
@Service
public class PriceListService {

    static final String ENTITY = "price_list";
    public static final int MAX_PAGE = 1_000;

    private final PriceListRepository repository;
    private final CatalogService catalog;
    private final AuditLog audit;
    private final Clock clock;
    private final MeterRegistry meters;
    /** The tenant's margin floor, for the import preview's count of rows under it (issue 39). */
    private final com.gpuquote.tenancy.TenantService tenants;

    PriceListService(PriceListRepository repository, CatalogService catalog, AuditLog audit, Clock clock,
                     MeterRegistry meters, com.gpuquote.tenancy.TenantService tenants) {
        this.meters = meters;
        this.tenants = tenants;
        this.repository = repository;
        this.catalog = catalog;
        this.audit = audit;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ reads

    /** TENANT_ADMIN: every list incl. drafts; CONSULTANT: lists that were published. By provider, newest first. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<PriceList> list() {
        return repository.findAll(tenant(), isAdmin());
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public PriceList get(PriceListId id) {
        return visible(id);
    }

    /** The provider's published list whose window holds {@code at}. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public java.util.Optional<PriceList> inForce(Provider provider, Instant at) {
        return repository.inForce(tenant(), provider, micros(at));
    }

    /** All rows with cost prices, sorted by instance type, region, billing mode. TENANT_ADMIN. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<PriceRow> rows(PriceListId id) {
        visible(id);
        return repository.rows(tenant(), id);
    }

    /** One page of rows with cost prices (for lazy grids). TENANT_ADMIN. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<PriceRow> rows(PriceListId id, int offset, int limit) {
        return page(id, PriceRowFilter.ALL, offset, limit);
    }

    /**
     * One page of the rows with cost prices that match {@code filter} (same order as {@link #rows(PriceListId)}), for
     * the price list's search. The text matches part of the instance type code, the region code or the instance type's
     * GPU model code (as the catalog has it: "A10", "H800"), case-insensitive and literally. TENANT_ADMIN.
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<PriceRow> rows(PriceListId id, PriceRowFilter filter, int offset, int limit) {
        return page(id, filter, offset, limit);
    }

    /** {@link #listPriceRows(PriceListId, int, int)} of the rows that match {@code filter}; consultants and admins. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<ListPriceRow> listPriceRows(PriceListId id, PriceRowFilter filter, int offset, int limit) {
        return page(id, filter, offset, limit).stream().map(ListPriceRow::of).toList();
    }

    /** How many rows {@link #rows(PriceListId, PriceRowFilter, int, int)} finds in all. TENANT_ADMIN. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public int countRows(PriceListId id, PriceRowFilter filter) {
        PriceList list = visible(id);
        return repository.count(tenant(), id, filter.text(), typesWithGpu(list, filter), filter.billingMode());
    }

    /** One page (at most {@code MAX_PAGE} rows) of a visible list's rows matching {@code filter}, in list order. */
    private List<PriceRow> page(PriceListId id, PriceRowFilter filter, int offset, int limit) {
        PriceList list = visible(id);
        return repository.search(tenant(), id, filter.text(), typesWithGpu(list, filter), filter.billingMode(),
                Math.max(0, offset), Math.min(Math.max(1, limit), MAX_PAGE));
    }

    /** The list provider's instance type codes whose GPU model code contains the filter's text (none without text). */
    private List<String> typesWithGpu(PriceList list, PriceRowFilter filter) {
        if (!filter.hasText()) {
            return List.of();
        }
        String text = filter.text().toLowerCase(java.util.Locale.ROOT);
        return catalog.instanceTypes(com.gpuquote.catalog.InstanceTypeFilter.ALL.withProvider(list.provider())).stream()
                .filter(t -> t.gpuModel().code().toLowerCase(java.util.Locale.ROOT).contains(text))
                .map(com.gpuquote.catalog.InstanceType::code).toList();
    }

    /** One page of list prices (no cost) of a list that was published; consultants and admins. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<ListPriceRow> listPriceRows(PriceListId id, int offset, int limit) {
        return listPriceRows(id, PriceRowFilter.ALL, offset, limit);
    }

    /** The list as a CSV file (UTF-8 with BOM, formula-escaped); includes cost prices, so TENANT_ADMIN. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public byte[] export(PriceListId id) {
        visible(id);
        return PriceListCsv.export(repository.rows(tenant(), id));
    }

    // ------------------------------------------------------------------ drafts

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public PriceList createDraft(NewPriceList draft) {
        return createDraft(draft, false);
    }

    /** Demo data only: a draft marked as sample prices. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public PriceList createSampleDraft(NewPriceList draft) {
        return createDraft(draft, true);
    }

    private PriceList createDraft(NewPriceList draft, boolean sample) {
        Objects.requireNonNull(draft, "draft");
        Validation v = new Validation();
        String name = draft.name() == null ? "" : draft.name().trim();
        v.check(!name.isEmpty() && name.length() <= 200, "name", "pricing.name", "Name is required (at most 200 characters)");
        v.check(draft.provider() != null, "provider", "required", "Provider is required");
        v.throwIfInvalid();
        TenantId tenant = tenant();
        PriceListId source = null;
        if (draft.copyFrom() != null) {
            PriceList from = repository.find(tenant, draft.copyFrom())
                    .orElseThrow(() -> new NotFoundException("price list", draft.copyFrom()));
            if (from.provider() != draft.provider()) {
                throw InvalidInputException.of("copyFrom", "pricing.copyProvider",
                        "The list to copy is for provider " + from.provider().code());
            }
            source = from.id();
        } else if (draft.copyInForce()) {
            source = repository.inForce(tenant, draft.provider(), now()).map(PriceList::id).orElse(null);
        }
        PriceListId id = new PriceListId(java.util.UUID.randomUUID());
        repository.insert(tenant, id, name, draft.provider(), micros(draft.effectiveFrom()), sample, userId());
        if (source != null) {
            repository.copyRows(tenant, source, id);
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("name", name);
        details.put("provider", draft.provider().code());
        details.put("copyFrom", source == null ? null : source.toString());
        audit.record(tenant, "PRICE_LIST_CREATED", ENTITY, id, details);
        return repository.find(tenant, id).orElseThrow();
    }

    /**
     * Validates the file against the catalog and the draft's provider and compares it with the draft's rows.
     * Writes nothing. Invalid files give every error (up to {@link PriceListCsv#MAX_REPORTED_ERRORS}) and no diff.
     *
     * @param charset UTF-8, GB18030, or null to detect (a UTF-8 BOM always wins)
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public ImportPreview preview(PriceListId draftId, byte[] content, @Nullable Charset charset) {
        return preview(draftId, content, charset, ImportMode.REPLACE);
    }

    /** {@link #preview(PriceListId, byte[], Charset)} of an import in the given mode (an upsert removes nothing). */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public ImportPreview preview(PriceListId draftId, byte[] content, @Nullable Charset charset, ImportMode mode) {
        PriceList draft = requireDraft(repository.find(tenant(), draftId), draftId);
        CsvReadResult read = PriceListCsv.read(content, charset, catalog.lookup(), draft.provider());
        if (!read.isValid()) {
            return new ImportPreview(read, null, draft.rowVersion());
        }
        List<PriceRow> current = repository.rows(tenant(), draftId);
        PriceListDiff diff = PriceListDiff.between(current, read.rows());
        // issue 39: implausible rows warn (never refuse), against the list quotes are priced at today
        List<PriceRow> inForce = repository.inForce(tenant(), draft.provider(), now())
                .map(l -> repository.rows(tenant(), l.id())).orElse(List.of());
        BigDecimal floor = tenants.current().marginFloorPct();
        ImportChecks.Result checks = ImportChecks.of(read, mode == ImportMode.UPSERT ? current : List.of(), inForce,
                floor);
        return new ImportPreview(read, mode == ImportMode.UPSERT ? diff.keepingAbsentRows() : diff, draft.rowVersion(),
                checks.warnings(), checks.belowFloorRows(), floor);
    }

    /**
     * Replaces the draft's rows with the file's, in one transaction, after validating it again.
     *
     * @throws PriceListImportException with every error when the file is invalid; the draft is untouched
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public ImportResult applyImport(PriceListId draftId, byte[] content, @Nullable Charset charset) {
        return applyImport(draftId, content, charset, null);
    }

    /**
     * As {@link #applyImport(PriceListId, byte[], Charset)}, applying exactly what a preview showed: the draft must
     * still be at {@code expectedRowVersion} (the preview's {@link ImportPreview#draftRowVersion()}).
     *
     * @param expectedRowVersion null to skip the check
     * @throws ConflictException ({@code pricing.error.draftChangedSincePreview}, 409) when the draft changed since
     *                           the preview; nothing is written
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public ImportResult applyImport(PriceListId draftId, byte[] content, @Nullable Charset charset, @Nullable Integer expectedRowVersion) {
        return applyImport(draftId, content, charset, expectedRowVersion, ImportMode.REPLACE);
    }

    /**
     * As {@link #applyImport(PriceListId, byte[], Charset, Integer)} in the given mode: {@link ImportMode#UPSERT}
     * adds the file's new rows and updates the prices of the others, and removes none ({@code removed} is 0).
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public ImportResult applyImport(PriceListId draftId, byte[] content, @Nullable Charset charset, @Nullable Integer expectedRowVersion,
                                    ImportMode mode) {
        // gpuquote.pricelist.import: how long applying a price-list file takes, by mode and outcome
        Timer.Sample sample = Timer.start(meters);
        String outcome = "error";
        try {
            ImportResult result = doApplyImport(draftId, content, charset, expectedRowVersion, mode);
            outcome = "applied";
            return result;
        } finally {
            sample.stop(meters.timer("gpuquote.pricelist.import", "mode", String.valueOf(mode), "outcome", outcome));
        }
    }

    private ImportResult doApplyImport(PriceListId draftId, byte[] content, @Nullable Charset charset,
                                       @Nullable Integer expectedRowVersion, ImportMode mode) {
        TenantId tenant = tenant();
        PriceList draft = requireDraft(repository.findForUpdate(tenant, draftId), draftId);
        if (expectedRowVersion != null && expectedRowVersion != draft.rowVersion()) {
            throw new ConflictException("pricing.error.draftChangedSincePreview",
                    "The draft changed since the preview (version " + expectedRowVersion + ", now "
                            + draft.rowVersion() + "); preview again");
        }
        CsvReadResult read = PriceListCsv.read(content, charset, catalog.lookup(), draft.provider());
        if (!read.isValid()) {
            throw new PriceListImportException(read);
        }
        PriceListDiff diff = PriceListDiff.between(repository.rows(tenant, draftId), read.rows());
        if (mode == ImportMode.UPSERT) {
            diff = diff.keepingAbsentRows();
            List<PriceRow> write = new java.util.ArrayList<>(diff.added());
            diff.changed().forEach(c -> write.add(c.after()));
            repository.upsertRows(tenant, draftId, write);
        } else {
            repository.deleteRows(tenant, draftId);
            repository.insertRows(tenant, draftId, read.rows());
        }
        repository.touch(tenant, draftId);
        ImportResult result = ImportResult.of(diff);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", mode.name());
        details.put("rows", read.rows().size());
        details.put("charset", read.charset() == null ? null : read.charset().name());
        details.put("added", result.added());
        details.put("changed", result.changed());
        details.put("removed", result.removed());
        details.put("unchanged", result.unchanged());
        audit.record(tenant, "PRICE_LIST_IMPORTED", ENTITY, draftId, details);
        return result;
    }

    /** Adds or changes one row of a draft; validated like an imported row. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public PriceRow saveRow(PriceListId draftId, PriceRow row) {
        if (row == null) {
            throw InvalidInputException.of("row", "required", "Row is required");
        }
        return saveRow(draftId, row.key(), row.listPrice(), row.costPrice(), row.currency());
    }

    /**
     * Sets the prices of one row of a draft (inline edit), in CNY. Prices as typed: a missing, negative, too precise
     * or too large price answers {@link InvalidInputException} naming {@code listPrice} / {@code costPrice} (with the
     * value as the message argument); nothing is written then.
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public PriceRow saveRow(PriceListId draftId, PriceKey key, BigDecimal listPrice, BigDecimal costPrice) {
        return saveRow(draftId, key, listPrice, costPrice, PriceListCsv.ALLOWED_CURRENCY);
    }

    private PriceRow saveRow(PriceListId draftId, PriceKey key, BigDecimal listPrice, BigDecimal costPrice,
                             String currency) {
        TenantId tenant = tenant();
        PriceList draft = requireDraft(repository.findForUpdate(tenant, draftId), draftId);
        PriceRow normalized = validateRow(draft, key, listPrice, costPrice, currency);
        repository.upsertRow(tenant, draftId, normalized);
        repository.touch(tenant, draftId);
        audit.record(tenant, "PRICE_LIST_ROW_SAVED", ENTITY, draftId, Map.of(
                "instanceType", normalized.instanceType(), "region", normalized.region(),
                "billingMode", normalized.billingMode().name(),
                "listPrice", normalized.listPrice().toPlainString(), "costPrice", normalized.costPrice().toPlainString()));
        return normalized;
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public void deleteRow(PriceListId draftId, PriceKey key) {
        TenantId tenant = tenant();
        requireDraft(repository.findForUpdate(tenant, draftId), draftId);
        if (repository.deleteRow(tenant, draftId, key) == 0) {
            throw new NotFoundException("price list row", key);
        }
        repository.touch(tenant, draftId);
        audit.record(tenant, "PRICE_LIST_ROW_DELETED", ENTITY, draftId, Map.of(
                "instanceType", key.instanceType(), "region", key.region(), "billingMode", key.billingMode().name()));
    }

    // ------------------------------------------------------------------ publish, archive

    /**
     * Publishes a draft, in one transaction: assigns the next version of the provider, puts the list in force from
     * {@code effectiveFrom} (null: the draft's planned date, or now), and cuts the list whose window holds that
     * instant (its effective_to becomes the new effective_from). A list already scheduled later bounds the new
     * window. A future date schedules the list; nothing has to run at that time. On any failure nothing changes.
     *
     * @param expectedRowVersion the draft's {@link PriceList#rowVersion()} the caller saw; null to skip the check
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public PriceList publish(PriceListId draftId, @Nullable Instant effectiveFrom, @Nullable Integer expectedRowVersion) {
        TenantId tenant = tenant();
        PriceList draft = requireDraft(repository.findForUpdate(tenant, draftId), draftId);
        if (expectedRowVersion != null && expectedRowVersion != draft.rowVersion()) {
            throw new OptimisticLockingFailureException("price list " + draftId + " changed concurrently");
        }
        if (draft.rowCount() == 0) {
            throw new ConflictException("pricing.error.emptyList", "A price list without rows cannot be published");
        }
        Instant from = micros(effectiveFrom != null ? effectiveFrom
                : draft.effectiveFrom() != null ? draft.effectiveFrom() : now());
        repository.lockProvider(tenant, draft.provider());
        PublishWindow window;
        try {
            window = PublishWindow.place(from, repository.publishedFrom(tenant, draft.provider(), from));
        } catch (PublishWindow.SameStartException e) {
            throw new ConflictException("pricing.error.sameStart", e.getMessage());
        }
        window.cut().ifPresent(cut -> repository.setEffectiveTo(tenant, cut.id(), from));
        Instant to = window.to();
        PriceList cut = window.cut().orElse(null);
        int version = repository.nextVersion(tenant, draft.provider());
        repository.markPublished(tenant, draftId, version, from, to, userId());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("version", version);
        details.put("provider", draft.provider().code());
        details.put("effectiveFrom", from.toString());
        details.put("effectiveTo", to == null ? null : to.toString());
        details.put("replaces", cut == null ? null : cut.id().toString());
        audit.record(tenant, "PRICE_LIST_PUBLISHED", ENTITY, draftId, details);
        return repository.find(tenant, draftId).orElseThrow();
    }

    /**
     * Moves a draft (discarding it) or a published list whose window has ended out of the current view. The window
     * and rows of a published list stay, so lookups in its window and the history are unchanged. A list in force or
     * scheduled cannot be archived (publish its successor first).
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public PriceList archive(PriceListId id) {
        TenantId tenant = tenant();
        PriceList list = repository.findForUpdate(tenant, id).orElseThrow(() -> new NotFoundException("price list", id));
        if (list.status() == PriceListStatus.ARCHIVED) {
            return list;
        }
        if (list.wasPublished() && (list.effectiveTo() == null || list.effectiveTo().isAfter(now()))) {
            throw new ConflictException("pricing.error.archiveInForce",
                    "A list in force or scheduled cannot be archived; publish its successor first");
        }
        repository.setStatus(tenant, id, PriceListStatus.ARCHIVED);
        audit.record(tenant, "PRICE_LIST_ARCHIVED", ENTITY, id, Map.of("wasDraft", list.isDraft()));
        return repository.find(tenant, id).orElseThrow();
    }

    // ------------------------------------------------------------------ helpers

    private PriceRow validateRow(PriceList draft, PriceKey key, BigDecimal listPrice, BigDecimal costPrice,
                                 String currency) {
        if (key == null) {
            throw InvalidInputException.of("row", "required", "Row is required");
        }
        Validation v = new Validation();
        var lookup = catalog.lookup();
        if (key.provider() != draft.provider()) {
            v.add("provider", "pricing.csv.error.provider_mismatch",
                    "Provider does not match the price list provider " + draft.provider().code(),
                    key.provider() == null ? null : key.provider().code(), draft.provider().code());
        }
        if (!lookup.isKnownInstanceType(key.provider(), key.instanceType())) {
            v.add("instanceType", "pricing.csv.error.unknown_instance_type", "Unknown instance type " + key.instanceType(),
                    key.instanceType(), key.provider() == null ? null : key.provider().code());
        } else if (!lookup.isOffered(key.provider(), key.instanceType(), key.region())) {
            v.add("region", "pricing.csv.error.region_not_offered",
                    key.instanceType() + " is not offered in region " + key.region(), key.region(), key.instanceType());
        }
        checkPrice(v, "listPrice", listPrice);
        checkPrice(v, "costPrice", costPrice);
        if (!PriceListCsv.ALLOWED_CURRENCY.equals(currency)) {
            v.add("currency", "pricing.csv.error.wrong_currency", "Prices must be in CNY", currency);
        }
        v.throwIfInvalid();
        return new PriceRow(key.provider(), key.region(), key.instanceType(), key.billingMode(),
                listPrice.setScale(PriceListCsv.PRICE_SCALE), costPrice.setScale(PriceListCsv.PRICE_SCALE),
                PriceListCsv.ALLOWED_CURRENCY);
    }

    /** The imported price's rule (PriceRules), with the field's own name. */
    private static void checkPrice(Validation v, String field, BigDecimal price) {
        if (price == null) {
            v.add(field, "required", field + " is required");
            return;
        }
        PriceRules.problem(price).ifPresent(code -> v.add(field, code.messageKey(),
                code.defaultMessage(price.toPlainString()), price.toPlainString()));
    }

    /** Another tenant's list does not exist (RLS); a draft does not exist for a consultant. */
    private PriceList visible(PriceListId id) {
        PriceList list = repository.find(tenant(), id).orElseThrow(() -> new NotFoundException("price list", id));
        if (!list.wasPublished() && !isAdmin()) {
            throw new NotFoundException("price list", id);
        }
        return list;
    }

    private static PriceList requireDraft(java.util.Optional<PriceList> found, PriceListId id) {
        PriceList list = found.orElseThrow(() -> new NotFoundException("price list", id));
        if (!list.isDraft()) {
            throw new ConflictException("pricing.error.notDraft", "Only a draft can be changed; this list is "
                    + list.status());
        }
        return list;
    }

    static TenantId tenant() {
        TenantId id = TenantContext.current().tenantId();
        if (id == null) {
            throw new AccessDeniedException("not a tenant user");
        }
        return id;
    }

    private static boolean isAdmin() {
        return CurrentUser.get().map(u -> u.hasRole(Role.TENANT_ADMIN)).orElse(false);
    }

    private static UserId userId() {
        return CurrentUser.get().map(GpuQuoteUser::userId).orElse(null);
    }

    private Instant now() {
        return micros(clock.instant());
    }

    /** PostgreSQL keeps microseconds; so do we, so that what we compare is what we store. */
    static Instant micros(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MICROS);
    }
}
