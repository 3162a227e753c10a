package com.gpuquote.catalog;

import com.gpuquote.shared.CsvError;
import com.gpuquote.shared.Roles;
import com.gpuquote.catalog.internal.GpuModelRepository;
import com.gpuquote.catalog.internal.InstanceTypeRepository;

import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The global catalog of GPU models and instance types. Every signed-in user (any tenant role, platform admin) reads
 * it; only PLATFORM_ADMIN changes it. Catalog tables are global (no tenant, no RLS).
 * <p>
 * Changes are recorded in the platform audit log (ADR 0006: platform actions have no tenant), with the platform
 * admin as actor.
 */
@Service
public class CatalogService {

    /** Upper bound of one page, so a lazy grid or API caller cannot ask for unbounded result sets. */
    public static final int MAX_PAGE = 1_000;

    private static final Pattern GPU_CODE = Pattern.compile("[A-Z0-9][A-Z0-9-]*[A-Z0-9]");

    private final GpuModelRepository gpuModels;
    private final InstanceTypeRepository instanceTypes;
    private final com.gpuquote.audit.AuditLog audit;

    CatalogService(GpuModelRepository gpuModels, InstanceTypeRepository instanceTypes, com.gpuquote.audit.AuditLog audit) {
        this.gpuModels = gpuModels;
        this.instanceTypes = instanceTypes;
        this.audit = audit;
    }

    // ------------------------------------------------------------------ reads

    /** All matching types, ordered by provider, GPU model, GPU count, code. */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public List<InstanceType> instanceTypes(InstanceTypeFilter filter) {
        return instanceTypes.find(orAll(filter), 0, Integer.MAX_VALUE);
    }

    /** One page of {@link #instanceTypes(InstanceTypeFilter)} (same order), for lazy grids; limit at most {@link #MAX_PAGE}. */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public List<InstanceType> instanceTypes(InstanceTypeFilter filter, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must be >= 0");
        }
        return instanceTypes.find(orAll(filter), offset, Math.min(limit, MAX_PAGE));
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public int count(InstanceTypeFilter filter) {
        return instanceTypes.count(orAll(filter));
    }

    /**
     * The hardware of an instance type by its code, for anonymous readers too: the catalog is public product
     * information (no prices), and the customer portal, which has no signed-in user, shows what was quoted.
     */
    @Transactional(readOnly = true)
    public Optional<InstanceType> publicInstanceType(String code) {
        return code == null ? Optional.empty() : Optional.ofNullable(publicInstanceTypes(List.of(code)).get(code));
    }

    /**
     * {@link #publicInstanceType} for many codes at once, in one statement whatever the number of codes and
     * providers (issue 14: the customer's quote page reads the hardware of all its lines together). Code → the
     * instance type the single look-up would return (the first provider in {@link Provider} order that sells it);
     * unknown codes are absent.
     */
    @Transactional(readOnly = true)
    public Map<String, InstanceType> publicInstanceTypes(java.util.Collection<String> codes) {
        List<String> known = codes.stream().filter(Objects::nonNull).distinct().toList();
        Map<String, InstanceType> result = new java.util.HashMap<>();
        for (InstanceType t : instanceTypes.findByCodes(List.of(Provider.values()), known)) {
            result.merge(t.code(), t, (a, b) -> a.provider().ordinal() <= b.provider().ordinal() ? a : b);
        }
        return result;
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public Optional<InstanceType> instanceType(Provider provider, String code) {
        Objects.requireNonNull(provider, "provider");
        return code == null ? Optional.empty() : instanceTypes.find(provider, code);
    }

    /** Every instance type as a catalog CSV file ({@link InstanceTypeCsv#write}; the import takes it back). */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public byte[] exportInstanceTypes() {
        return InstanceTypeCsv.write(instanceTypes.find(InstanceTypeFilter.ALL, 0, Integer.MAX_VALUE));
    }

    /** Every GPU model as a catalog CSV file ({@link GpuModelCsv#write}; the import takes it back). */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public byte[] exportGpuModels() {
        return GpuModelCsv.write(gpuModels.findAll());
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public List<GpuModel> gpuModels() {
        return gpuModels.findAll();
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public Optional<GpuModel> gpuModel(String code) {
        return code == null ? Optional.empty() : gpuModels.find(code);
    }

    /** Region codes of the provider, sorted. */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public List<String> regions(Provider provider) {
        Objects.requireNonNull(provider, "provider");
        return instanceTypes.regions(provider);
    }

    /** A snapshot of every instance type (any status) and its regions, for price list validation. */
    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public CatalogLookup lookup() {
        return CatalogLookup.of(instanceTypes.regionsByType());
    }

    // ------------------------------------------------------------------ writes (PLATFORM_ADMIN)

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public GpuModel createGpuModel(GpuModel model) {
        validate(model);
        if (gpuModels.find(model.code()).isPresent()) {
            throw new ConflictException("catalog.error.gpuModelExists", "GPU model " + model.code() + " already exists");
        }
        gpuModels.insert(model);
        audit.recordPlatform("CATALOG_GPU_MODEL_CREATED", "gpu_model", model.code(), Map.of());
        return gpuModels.find(model.code()).orElseThrow();
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public GpuModel updateGpuModel(GpuModel model) {
        validate(model);
        if (gpuModels.update(model) == 0) {
            throw new NotFoundException("GPU model", model.code());
        }
        audit.recordPlatform("CATALOG_GPU_MODEL_UPDATED", "gpu_model", model.code(), Map.of());
        return gpuModels.find(model.code()).orElseThrow();
    }

    /**
     * Checks editor input (CSV column name -> text, as in {@link InstanceTypeCsv}) without writing; every error,
     * with the column as field. {@code create} also refuses an existing provider + code.
     */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public List<CsvError> checkInstanceType(Map<String, String> values, boolean create) {
        List<CsvError> errors = new ArrayList<>();
        InstanceType type = InstanceTypeCsv.validate(0, complete(values), reference(), errors);
        if (type != null && create && instanceTypes.find(type.provider(), type.code()).isPresent()) {
            errors.add(CsvError.of(0, InstanceTypeCsv.CODE, CatalogCsvErrorCode.ALREADY_EXISTS, type.code()));
        }
        return errors;
    }

    /** Creates ({@code create}) or updates the type with the same provider and code; all errors at once (400). */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public InstanceType saveInstanceType(Map<String, String> values, boolean create) {
        List<CsvError> errors = new ArrayList<>();
        InstanceType type = InstanceTypeCsv.validate(0, complete(values), reference(), errors);
        if (type == null) {
            throw invalid(errors);
        }
        if (create) {
            if (instanceTypes.find(type.provider(), type.code()).isPresent()) {
                throw new ConflictException("catalog.error.instanceTypeExists", "Instance type " + type.code() + " already exists");
            }
            instanceTypes.insert(type);
        } else if (instanceTypes.update(type) == 0) {
            throw new NotFoundException("instance type", type.code());
        }
        audit.recordPlatform(create ? "CATALOG_INSTANCE_TYPE_CREATED" : "CATALOG_INSTANCE_TYPE_UPDATED", "instance_type",
                type.provider().code() + "/" + type.code(), Map.of());
        return instanceTypes.find(type.provider(), type.code()).orElseThrow();
    }

    /** Deprecate (or reactivate) a type; deprecated types stay visible and priced but should not be offered anew. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public InstanceType setStatus(Provider provider, String code, InstanceStatus status) {
        Objects.requireNonNull(status, "status");
        if (instanceTypes.setStatus(provider, code, status) == 0) {
            throw new NotFoundException("instance type", code);
        }
        audit.recordPlatform("CATALOG_INSTANCE_TYPE_STATUS_CHANGED", "instance_type", provider.code() + "/" + code,
                Map.of("status", status.name()));
        return instanceTypes.find(provider, code).orElseThrow();
    }

    /** What importing the CSV would add and change, or every error of the file. Writes nothing. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public CatalogImportPreview previewImport(byte[] csv) {
        InstanceTypeCsv.Result result = InstanceTypeCsv.read(csv, reference());
        if (!result.isValid()) {
            return new CatalogImportPreview(List.of(), List.of(), 0, result.errors());
        }
        List<InstanceType> added = new ArrayList<>();
        List<CatalogImportPreview.Change> changed = new ArrayList<>();
        int unchanged = 0;
        for (InstanceType row : result.rows()) {
            Optional<InstanceType> existing = instanceTypes.find(row.provider(), row.code());
            if (existing.isEmpty()) {
                added.add(row);
            } else {
                List<String> columns = CatalogImportPreview.changedColumns(existing.get(), row);
                if (columns.isEmpty()) {
                    unchanged++;
                } else {
                    changed.add(new CatalogImportPreview.Change(existing.get(), row, columns));
                }
            }
        }
        return new CatalogImportPreview(added, changed, unchanged, List.of());
    }

    /**
     * Validates the CSV again and applies it in one transaction: adds new types, updates changed ones. With any
     * error nothing is written and the returned preview carries the errors.
     */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public CatalogImportPreview importInstanceTypes(byte[] csv) {
        CatalogImportPreview preview = previewImport(csv);
        if (!preview.isValid()) {
            return preview;
        }
        preview.added().forEach(instanceTypes::insert);
        preview.changed().forEach(c -> instanceTypes.update(c.after()));
        audit.recordPlatform("CATALOG_INSTANCE_TYPES_IMPORTED", "instance_type", null, Map.of(
                "added", preview.added().stream().map(InstanceType::code).toList(),
                "changed", preview.changed().stream().map(c -> c.after().code()).toList()));
        return preview;
    }

    /** What importing the GPU model CSV ({@link GpuModelCsv}) would add and change, or every error. Writes nothing. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public GpuModelImportPreview previewGpuModelImport(byte[] csv) {
        GpuModelCsv.Result result = GpuModelCsv.read(csv);
        if (!result.isValid()) {
            return new GpuModelImportPreview(List.of(), List.of(), 0, result.errors());
        }
        List<GpuModel> added = new ArrayList<>();
        List<GpuModelImportPreview.Change> changed = new ArrayList<>();
        int unchanged = 0;
        for (GpuModel row : result.rows()) {
            Optional<GpuModel> existing = gpuModels.find(row.code());
            if (existing.isEmpty()) {
                added.add(row);
            } else {
                List<String> columns = GpuModelImportPreview.changedColumns(existing.get(), row);
                if (columns.isEmpty()) {
                    unchanged++;
                } else {
                    changed.add(new GpuModelImportPreview.Change(existing.get(), row, columns));
                }
            }
        }
        return new GpuModelImportPreview(added, changed, unchanged, List.of());
    }

    /**
     * Validates the GPU model CSV again and applies it in one transaction: adds new models, updates changed ones.
     * With any error nothing is written and the returned preview carries the errors.
     */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public GpuModelImportPreview importGpuModels(byte[] csv) {
        GpuModelImportPreview preview = previewGpuModelImport(csv);
        if (!preview.isValid()) {
            return preview;
        }
        preview.added().forEach(gpuModels::insert);
        preview.changed().forEach(c -> gpuModels.update(c.after()));
        audit.recordPlatform("CATALOG_GPU_MODELS_IMPORTED", "gpu_model", null, Map.of(
                "added", preview.added().stream().map(GpuModel::code).toList(),
                "changed", preview.changed().stream().map(c -> c.after().code()).toList()));
        return preview;
    }

    private InstanceTypeCsv.Reference reference() {
        Map<String, GpuModel> models = gpuModels.findAll().stream()
                .collect(Collectors.toMap(GpuModel::code, Function.identity()));
        Map<Provider, Set<String>> regions = new HashMap<>();
        for (Provider p : Provider.values()) {
            regions.put(p, Set.copyOf(instanceTypes.regions(p)));
        }
        return new InstanceTypeCsv.Reference(models, regions);
    }

    /** Absent keys count as blank cells, so the editor/REST input is checked for every column. */
    private static Map<String, String> complete(Map<String, String> values) {
        Map<String, String> cells = new HashMap<>();
        for (String column : InstanceTypeCsv.ALL_COLUMNS) {
            String v = values == null ? null : values.get(column);
            cells.put(column, v == null ? "" : v.trim());
        }
        return cells;
    }

    private static InvalidInputException invalid(List<CsvError> errors) {
        return new InvalidInputException(errors.stream()
                .map(e -> new FieldError(e.column() == null ? "file" : e.column(), "catalog." + e.code().name().toLowerCase(java.util.Locale.ROOT), e.message()))
                .toList());
    }

    private static void validate(GpuModel m) {
        Validation v = new Validation();
        v.check(GPU_CODE.matcher(m.code()).matches() && m.code().length() <= 40, "code", "catalog.gpuCode",
                "Code: upper-case letters, digits and dashes, e.g. A100-SXM4-80GB");
        v.check(m.vramGiB().compareTo(new BigDecimal("4096")) <= 0 && m.vramGiB().scale() <= 2, "vramGiB", "range",
                "VRAM per GPU: more than 0 and at most 4096 GiB, 2 decimals");
        BigDecimal driver = m.driverVramGiB();
        v.check(driver == null || (driver.scale() <= 2 && driver.compareTo(m.vramGiB()) <= 0), "driverVramGiB",
                "range", "Driver-reported VRAM: more than 0, at most the nominal VRAM, 2 decimals");
        for (var e : Map.of("memoryBandwidthGBs", m.memoryBandwidthGBs(), "fp16Tflops", m.fp16Tflops(),
                "interconnectGBs", m.interconnectGBs()).entrySet()) {
            v.check(e.getValue().scale() <= 2 && e.getValue().compareTo(new BigDecimal("99999999.99")) <= 0,
                    e.getKey(), "range", "At most 99999999.99 with 2 decimals");
        }
        for (var e : new Object[][] {{"bf16Tflops", m.bf16Tflops()}, {"fp8Tflops", m.fp8Tflops()},
                {"int8Tflops", m.int8Tflops()}}) {
            BigDecimal value = (BigDecimal) e[1];
            v.check(value == null || (value.scale() <= 2 && value.compareTo(new BigDecimal("99999999.99")) <= 0),
                    (String) e[0], "range", "At most 99999999.99 with 2 decimals");
        }
        v.throwIfInvalid();
    }

    private static InstanceTypeFilter orAll(InstanceTypeFilter filter) {
        return filter == null ? InstanceTypeFilter.ALL : filter;
    }
}
