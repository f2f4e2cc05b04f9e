-- hand-written (ADR 117): the seats an offer's subscriptions hold, counted price version by price
-- version on the (offer_price_id, status) index. In PL/pgSQL each count is planned for the actual
-- price id, so the planner sees that another nest's crowded price is not this one; the same count as
-- a correlated subquery is planned for an unknown price and scanned every nest's subscriptions.
CREATE FUNCTION "offer_seats_taken"("offer" uuid, "statuses" text[]) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  price uuid;
  taken bigint := 0;
BEGIN
  FOR price IN SELECT "id" FROM "offer_prices" WHERE "offer_id" = "offer" LOOP
    taken := taken + (SELECT count(*) FROM "nest_subscriptions"
      WHERE "offer_price_id" = price AND "status" = ANY ("statuses"));
  END LOOP;
  RETURN taken;
END
$$;
