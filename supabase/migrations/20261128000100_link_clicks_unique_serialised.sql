-- "One counted click per link, visitor and hour" held within one transaction, but not between
-- two: the check reads committed rows only, so two trackers (hosted functions run several
-- instances, each writing its own batches) storing the same visitor's clicks at the same moment
-- both found no earlier counted click and both counted. Click writers now take one transaction
-- lock before the check: a second writer waits until the first has committed, and its check,
-- which takes a fresh snapshot, then sees the first writer's clicks.
--
-- One lock for all click writes, not one per visitor: a batch holds up to 500 visitors, and
-- per-visitor locks taken in different orders by two batches could deadlock. The writes of
-- different batches are serialised; each batch is one statement of a few milliseconds, and a
-- tracker instance sends them one after another anyway. Bot requests are never counted and take
-- no lock.
create or replace function public.link_clicks_mark_unique()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_bot then
    new.is_unique := false;
    return new;
  end if;
  -- Held until the transaction ends; taking it again for the batch's next rows costs nothing.
  perform pg_advisory_xact_lock('public.link_clicks'::regclass::oid::integer, 1);
  new.is_unique := not exists (
    select 1 from public.link_clicks c
    where c.link_id = new.link_id
      and c.visitor_hash = new.visitor_hash
      and c.is_unique
      and c.clicked_at > new.clicked_at - interval '1 hour'
      and c.clicked_at <= new.clicked_at
  );
  return new;
end;
$$;
