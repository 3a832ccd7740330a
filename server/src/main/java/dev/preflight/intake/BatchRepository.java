package dev.preflight.intake;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Batches and their items, every read scoped by tenant. */
@Repository
class BatchRepository {

    /** A batch row. */
    record Batch(String id, String tenantId, int itemCount, Instant createdAt) {
    }

    /** One item: the job it became, or the reason it became none. */
    record Item(int seq, int part, String name, String archive, String jobId, String errorCode, String error) {
    }

    private final JdbcClient jdbc;
    private final JdbcTemplate template;

    BatchRepository(JdbcClient jdbc, JdbcTemplate template) {
        this.jdbc = jdbc;
        this.template = template;
    }

    void insert(Batch b, List<Item> items) {
        jdbc.sql("INSERT INTO batches (id, tenant_id, item_count, created_at) VALUES (?, ?, ?, ?)")
                .params(b.id(), b.tenantId(), b.itemCount(), Times.db(b.createdAt())).update();
        var rows = new ArrayList<Object[]>();
        for (Item i : items) {
            rows.add(new Object[] {b.id(), b.tenantId(), i.seq(), i.part(), clip(i.name()), clip(i.archive()),
                    i.jobId(), i.errorCode(), i.error()});
        }
        template.batchUpdate("INSERT INTO batch_items (batch_id, tenant_id, seq, part_index, name, archive, job_id, "
                + "error_code, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows);
    }

    Optional<Batch> find(String tenantId, String id) {
        return jdbc.sql("SELECT id, tenant_id, item_count, created_at FROM batches WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId)
                .query((rs, n) -> new Batch(rs.getString(1), rs.getString(2), rs.getInt(3),
                        Times.fromDb(rs.getObject(4, OffsetDateTime.class))))
                .optional();
    }

    List<Item> items(String tenantId, String batchId) {
        return jdbc.sql("SELECT seq, part_index, name, archive, job_id, error_code, error FROM batch_items "
                        + "WHERE batch_id = ? AND tenant_id = ? ORDER BY seq")
                .params(batchId, tenantId)
                .query((rs, n) -> new Item(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6), rs.getString(7)))
                .list();
    }

    private static String clip(String s) {
        return s == null || s.length() <= 1024 ? s : s.substring(0, 1024);
    }
}
