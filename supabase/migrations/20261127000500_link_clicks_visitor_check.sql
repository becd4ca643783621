-- Writing a click: the visitor-hash check was its largest single cost, and one index served nothing.
--
-- `visitor_hash ~ '^[A-Za-z0-9_-]{16,128}$'` makes Postgres's regular-expression engine expand
-- the bounded repetition into a large automaton and run it for every row: about 48 µs per
-- inserted click on the reference machine, more than the heap insert and all five index inserts
-- together (about 10 µs). The link tracker writes one row per click, so this check alone was
-- about half of Postgres's CPU per /go request. The same rule, stated as a length range and a
-- character class that must not match, costs under 1 µs.
alter table public.link_clicks
  drop constraint link_clicks_visitor_hash_check,
  add constraint link_clicks_visitor_hash_check
    check (length(visitor_hash) between 16 and 128 and visitor_hash !~ '[^A-Za-z0-9_-]');

-- The general (link, visitor, time) index served only the "one counted click per visitor and
-- hour" check, which reads the partial index over counted clicks since 20261123000220. Every click
-- still paid for keeping it up to date.
drop index public.link_clicks_visitor_idx;
