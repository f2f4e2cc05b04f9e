-- Hand-written: a check-in at the counter in one round trip for the common case (ADR 207). The
-- caller has read the subscription and decided the verdict; this records it under the lock on the
-- subscription row that makes two scans of one pass one check-in and one repeat. Each statement of a
-- PL/pgSQL function sees what was committed before it began (READ COMMITTED), so the repeat check,
-- after the lock, sees the check-in of a scan that held the lock first.
CREATE FUNCTION "counter_check_in"(
  "p_nest_id" uuid,
  "p_subscription_id" uuid,
  "p_customer_id" uuid,
  "p_result" text,
  "p_reason" text,
  "p_verified_by" uuid,
  "p_checked_at" timestamp with time zone,
  "p_repeat_seconds" integer
) RETURNS TABLE ("id" uuid, "repeat" boolean, "counts" boolean)
LANGUAGE plpgsql AS $$
DECLARE
  "v_repeat" boolean := false;
BEGIN
  IF "p_result" <> 'not_eligible' THEN
    PERFORM 1 FROM "nest_subscriptions" s WHERE s."id" = "p_subscription_id" FOR UPDATE;
    "v_repeat" := EXISTS (
      SELECT 1 FROM "check_ins" c
      WHERE c."subscription_id" = "p_subscription_id" AND c."counts"
        AND c."created_at" >= "p_checked_at" - make_interval(secs => "p_repeat_seconds")
    );
  END IF;
  RETURN QUERY
  INSERT INTO "check_ins" AS c ("nest_id", "customer_id", "subscription_id", "result", "reason", "repeat",
    "counts", "verified_by", "created_at")
  VALUES ("p_nest_id", "p_customer_id", "p_subscription_id", "p_result", "p_reason", "v_repeat",
    "p_result" <> 'not_eligible' AND NOT "v_repeat", "p_verified_by", "p_checked_at")
  RETURNING c."id", c."repeat", c."counts";
END;
$$;
