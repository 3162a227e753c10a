package com.gpuquote.deployment.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.HardwareDifference;
import com.gpuquote.deployment.HardwareMismatch;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The confirmed hardware mismatches of utilisation imports (V102). */
@Repository
public class HardwareMismatchRepository {

    /** The most mismatches an analysis lists (newest first). */
    static final int MAX_LISTED = 20;

    private static final TypeReference<List<HardwareDifference>> DIFFERENCES = new TypeReference<>() {
    };

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    HardwareMismatchRepository(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public void insert(TenantId tenant, DeploymentId deployment, HardwareMismatch m, UUID confirmedBy) {
        String differences;
        try {
            differences = json.writeValueAsString(m.differences());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        jdbc.sql("""
                insert into utilization_hardware_mismatches (tenant_id, id, deployment_id, samples_from, samples_to,
                                                             differences, created_by, confirmed_at)
                values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)""")
                .params(tenant.value(), UUID.randomUUID(), deployment.value(), Timestamp.from(m.samplesFrom()),
                        Timestamp.from(m.samplesTo()), differences, confirmedBy, Timestamp.from(m.confirmedAt()))
                .update();
    }

    /** The mismatches whose samples fall in [from, to), newest samples first, at most {@value #MAX_LISTED}. */
    public List<HardwareMismatch> overlapping(TenantId tenant, DeploymentId deployment, Instant from, Instant to) {
        return jdbc.sql("""
                select samples_from, samples_to, differences::text as differences, confirmed_at
                from utilization_hardware_mismatches
                where tenant_id = ? and deployment_id = ? and samples_from < ? and samples_to >= ?
                order by samples_to desc, confirmed_at desc
                limit ?""")
                .params(tenant.value(), deployment.value(), Timestamp.from(to), Timestamp.from(from), MAX_LISTED)
                .query((rs, n) -> new HardwareMismatch(rs.getTimestamp("samples_from").toInstant(),
                        rs.getTimestamp("samples_to").toInstant(), read(rs.getString("differences")),
                        rs.getTimestamp("confirmed_at").toInstant()))
                .list();
    }

    private List<HardwareDifference> read(String text) {
        try {
            return json.readValue(text, DIFFERENCES);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
