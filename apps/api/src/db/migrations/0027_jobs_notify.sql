-- Hand-written: a new job wakes the job runners at once (ADR 215). Every statement that inserts into
-- "jobs" sends a notification on the channel "nest_jobs" at its commit (none if it rolls back; one per
-- transaction however many jobs it enqueued), so a job enqueued inside a caller's transaction is
-- picked up when that transaction commits, by every process listening, instead of at the next poll.
CREATE FUNCTION "notify_job_runners"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nest_jobs', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_notify_runners" AFTER INSERT ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_job_runners"();
