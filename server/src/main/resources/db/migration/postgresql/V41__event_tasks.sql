-- The events scheduler's task table: event dispatch and webhook deliveries run on a db-scheduler instance of their
-- own, apart from the job workers (scheduled_tasks). Same layout as scheduled_tasks (postgresql flavour).
CREATE TABLE event_tasks (
    task_name            TEXT NOT NULL,
    task_instance        TEXT NOT NULL,
    task_data            BYTEA,
    execution_time       TIMESTAMP WITH TIME ZONE NOT NULL,
    picked               BOOLEAN NOT NULL,
    picked_by            TEXT,
    last_success         TIMESTAMP WITH TIME ZONE,
    last_failure         TIMESTAMP WITH TIME ZONE,
    consecutive_failures INT,
    last_heartbeat       TIMESTAMP WITH TIME ZONE,
    version              BIGINT NOT NULL,
    priority             SMALLINT,
    PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX event_tasks_execution_time_idx ON event_tasks (execution_time);
CREATE INDEX event_tasks_last_heartbeat_idx ON event_tasks (last_heartbeat);
CREATE INDEX event_tasks_priority_execution_time_idx ON event_tasks (priority DESC, execution_time ASC);
