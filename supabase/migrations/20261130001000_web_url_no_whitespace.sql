-- Web addresses: no whitespace or invisible characters anywhere, and no host a browser "repaired".
--
-- is_web_or_site_url refused ASCII whitespace only. Other spaces (no-break, ideographic, line
-- separator), control characters and invisible format characters (zero-width space, soft hyphen,
-- bidirectional controls, byte-order mark) passed, and so did an address whose host Chromium's URL
-- parser had percent-encoded: `https://ex ample.com` typed on /my-links arrives as
-- `https://ex%20ample.com/`, a link that leads nowhere. The character set is the one
-- validateWebUrl in @verdant/validation refuses; the host check is only its clearest part (no `%`,
-- whitespace or brackets outside an IPv6 address), so an address it accepts always passes here.
--
-- Rows stored before this keep their values; a change to such a row must fix the address.

create or replace function public.is_web_or_site_url(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~ '^(https?://[^\s/$.?#][^\s]*|/[^/\s][^\s]*)$'
     and length(value) <= 2048
     and value !~ '[\u0001-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff]'
     and (
       value ~ '^/'
       or value ~* '^https?://([^/?#@]*@)?(\[[0-9a-f:.]+\]|[^/?#@%:\[\]\\]+)(:[0-9]{0,5})?([/?#]|$)'
     )
$$;
