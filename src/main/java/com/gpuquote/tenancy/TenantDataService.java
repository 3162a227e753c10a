package com.gpuquote.tenancy;

import com.gpuquote.shared.CsvCells;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.internal.TenantDataRepository;
import com.gpuquote.tenancy.internal.TenantDataRepository.TableRows;
import com.gpuquote.tenancy.internal.TenantRepository;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A departing reseller (issue 18): all of its data as one zip (a JSON and a CSV file per table plus a manifest), and
 * the deletion of every row it owns. Platform administrators only, audited in the platform log. Both run in the
 * tenant's own scope, so row-level security keeps every other tenant's rows out of reach even if a predicate were
 * wrong. Deletion needs the tenant suspended first and its slug typed again.
 */
@Service
public class TenantDataService {

    /** Published after a tenant's data was exported or the tenant deleted; the platform audit log records it. */
    public record TenantDataEvent(TenantId tenant, String action, Map<String, String> details) {
    }

    /** What a deletion removed: rows per table. */
    public record Deletion(TenantId tenant, String slug, Map<String, Integer> rowsPerTable) {
        public int totalRows() {
            return rowsPerTable.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final TenantDataRepository data;
    private final TenantRepository tenants;
    private final TransactionTemplate tx;
    private final TransactionTemplate readOnly;
    private final ApplicationEventPublisher events;
    private final ObjectMapper json;
    private final Clock clock;

    TenantDataService(TenantDataRepository data, TenantRepository tenants, PlatformTransactionManager txm,
                      ApplicationEventPublisher events, ObjectMapper json, Clock clock) {
        this.data = data;
        this.tenants = tenants;
        this.tx = new TransactionTemplate(txm);
        this.readOnly = new TransactionTemplate(txm);
        this.readOnly.setReadOnly(true);
        this.events = events;
        this.json = json;
        this.clock = clock;
    }

    /** The tenant's data as a zip: manifest.json, tenant.json, and per table {table}.json and {table}.csv. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    public byte[] export(TenantId id) {
        Tenant tenant = platformTenant(id);
        List<TableRows> tables = TenantContext.runAs(TenantContext.Scope.tenant(id), () -> readOnly.execute(s -> {
            List<TableRows> out = new ArrayList<>();
            out.add(data.tenantRow(id));
            for (String table : data.tenantTables().parentsFirst()) {
                out.add(data.rows(table, id));
            }
            return out;
        }));
        byte[] zip = zip(tenant, tables);
        Map<String, String> details = new LinkedHashMap<>();
        details.put("slug", tenant.slug());
        details.put("tables", String.valueOf(tables.size()));
        details.put("rows", String.valueOf(tables.stream().mapToInt(t -> t.rows().size()).sum()));
        tx.executeWithoutResult(s -> events.publishEvent(new TenantDataEvent(id, "TENANT_DATA_EXPORTED", details)));
        return zip;
    }

    /**
     * Deletes the tenant and every row it owns, in one transaction. 400 naming {@code confirm} unless it equals the
     * tenant's slug; 409 unless the tenant is suspended (its users are already locked out).
     */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    public Deletion delete(TenantId id, String confirm) {
        Tenant tenant = platformTenant(id);
        if (confirm == null || !confirm.strip().equals(tenant.slug())) {
            throw InvalidInputException.of("confirm", "tenant.delete.confirm",
                    "Type the tenant's slug (" + tenant.slug() + ") to confirm the deletion");
        }
        if (tenant.status() != TenantStatus.SUSPENDED) {
            throw new ConflictException("tenant.delete.notSuspended", "Suspend the tenant before deleting it");
        }
        Map<String, Integer> rows = TenantContext.runAs(TenantContext.Scope.tenant(id),
                () -> tx.execute(s -> data.deleteAll(id, data.tenantTables())));
        Deletion deletion = new Deletion(id, tenant.slug(), rows);
        Map<String, String> details = new LinkedHashMap<>();
        details.put("slug", tenant.slug());
        details.put("name", tenant.name());
        details.put("rows", String.valueOf(deletion.totalRows()));
        tx.executeWithoutResult(s -> events.publishEvent(new TenantDataEvent(id, "TENANT_DELETED", details)));
        return deletion;
    }

    private Tenant platformTenant(TenantId id) {
        return readOnly.execute(s -> tenants.find(id)).orElseThrow(() -> new NotFoundException("tenant", id));
    }

    private byte[] zip(Tenant tenant, List<TableRows> tables) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
            ObjectNode manifest = json.createObjectNode();
            manifest.put("tenant", tenant.id().value().toString());
            manifest.put("slug", tenant.slug());
            manifest.put("name", tenant.name());
            manifest.put("exportedAt", clock.instant().toString());
            manifest.put("format", "One JSON file (array of objects) and one CSV file (UTF-8, header row) per table; "
                    + "values as PostgreSQL prints them; password and token hashes are left out.");
            ObjectNode counts = manifest.putObject("tables");
            for (TableRows t : tables) {
                counts.put(t.table(), t.rows().size());
                zip.putNextEntry(new ZipEntry(t.table() + ".json"));
                ArrayNode array = json.createArrayNode();
                for (List<String> row : t.rows()) {
                    ObjectNode o = array.addObject();
                    for (int i = 0; i < t.columns().size(); i++) {
                        o.put(t.columns().get(i), row.get(i));
                    }
                }
                zip.write(json.writerWithDefaultPrettyPrinter().writeValueAsBytes(array));
                zip.closeEntry();
                zip.putNextEntry(new ZipEntry(t.table() + ".csv"));
                OutputStreamWriter writer = new OutputStreamWriter(zip, StandardCharsets.UTF_8);
                CSVPrinter csv = new CSVPrinter(writer, CSVFormat.DEFAULT.builder()
                        .setHeader(t.columns().toArray(String[]::new)).get());
                for (List<String> row : t.rows()) {
                    csv.printRecord(row.stream().map(CsvCells::escape).toList());
                }
                csv.flush();
                zip.closeEntry();
            }
            zip.putNextEntry(new ZipEntry("manifest.json"));
            zip.write(json.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest));
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
