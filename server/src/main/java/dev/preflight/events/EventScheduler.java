package dev.preflight.events;

import com.github.kagkarlsson.scheduler.ScheduledExecution;
import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.SchedulableInstance;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import dev.preflight.platform.NodeIdentity;
import dev.preflight.platform.StartupTakeBack;
import dev.preflight.platform.Times;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The scheduler of event dispatch and webhook deliveries: a db-scheduler instance of its own on the
 * {@code event_tasks} table with its own threads, so deliveries never queue behind analyses on the job workers
 * (and the other way round). Scheduling joins the caller's transaction, so work is scheduled exactly when the
 * change that caused it commits; {@link #wakeAfterCommit()} then starts it without waiting for the next poll.
 * Like the job workers it is cluster-safe on PostgreSQL and at-least-once: handlers are idempotent, and after a
 * restart under the same name it takes back the deliveries and dispatches the earlier process of that name left
 * picked ({@link StartupTakeBack}) instead of waiting for the other nodes' dead-execution detection.
 */
@Component
public class EventScheduler implements SmartLifecycle {

    static final String TABLE = "event_tasks";

    private static final Logger log = LoggerFactory.getLogger(EventScheduler.class);

    private final DataSource dataSource;
    private final EventsProperties properties;
    private final ObjectProvider<EventTask> tasks;
    private volatile Scheduler scheduler;
    private volatile boolean running;
    private volatile StartupTakeBack takeBack;

    private final NodeIdentity node;

    EventScheduler(DataSource dataSource, EventsProperties properties, ObjectProvider<EventTask> tasks,
                   NodeIdentity node) {
        this.node = node;
        this.dataSource = dataSource;
        this.properties = properties;
        this.tasks = tasks;
    }

    /** Schedules work in the caller's transaction (or at once without one). */
    public void schedule(SchedulableInstance<?> instance) {
        scheduler().schedule(instance);
    }

    /** Schedules work unless an execution with the same task and instance id exists; true when scheduled. */
    public boolean scheduleIfNotExists(SchedulableInstance<?> instance) {
        return scheduler().scheduleIfNotExists(instance);
    }

    public Optional<ScheduledExecution<Object>> find(TaskInstanceId id) {
        return scheduler().getScheduledExecution(id);
    }

    /**
     * Looks for due work as soon as the current transaction commits (at once when there is none): work scheduled
     * inside a transaction is invisible to the scheduler's own look-up until then.
     */
    public void wakeAfterCommit() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    wake();
                }
            });
        } else {
            wake();
        }
    }

    private void wake() {
        Scheduler s = scheduler;
        if (s != null && running) {
            s.triggerCheckForDueExecutions();
        }
    }

    private synchronized Scheduler scheduler() {
        if (scheduler == null) {
            var known = new ArrayList<Task<?>>();
            var recurring = new ArrayList<RecurringTask<?>>();
            tasks.orderedStream().forEach(t -> {
                // Recurring tasks are registered as start tasks (scheduled on start); listing them twice clashes.
                if (t.task() instanceof RecurringTask<?> r) {
                    recurring.add(r);
                } else {
                    known.add(t.task());
                }
            });
            var builder = Scheduler.create(new TransactionAwareDataSourceProxy(dataSource), known)
                    .tableName(TABLE)
                    .threads(properties.threads())
                    .pollingInterval(properties.pollingInterval())
                    .heartbeatInterval(properties.heartbeatInterval())
                    .missedHeartbeatsLimit(properties.missedHeartbeatsLimit())
                    .shutdownMaxWait(properties.shutdownMaxWait())
                    .enableImmediateExecution()
                    .startTasks(startTasks(recurring));
            builder.schedulerName(new SchedulerName.Fixed(name()));
            scheduler = builder.build();
        }
        return scheduler;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List startTasks(List<RecurringTask<?>> recurring) {
        return (List) recurring;
    }

    private String name() {
        return properties.schedulerName() != null ? properties.schedulerName() : node.name();
    }

    @Override
    public void start() {
        Scheduler s = scheduler();
        takeBack = new StartupTakeBack(JdbcClient.create(dataSource), TABLE, name(), properties.heartbeatInterval(),
                Times.now());
        takeBack.start(released -> {
            log.info("node {}: took back {} event dispatch or webhook delivery execution(s) left picked by an earlier "
                    + "run of this node", name(), released.size());
            s.triggerCheckForDueExecutions();
        });
        s.start();
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        StartupTakeBack t = takeBack;
        if (t != null) {
            try {
                t.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Scheduler s = scheduler;
        if (s != null) {
            s.stop();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Starts after everything else (the database is migrated), stops first. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 100;
    }
}
