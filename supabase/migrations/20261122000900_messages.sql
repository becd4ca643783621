-- Messages between a merchant and an affiliate. Conversations and their messages are visible only
-- to the two participants — administrators included in "nobody else": private correspondence is
-- not readable through the API by anyone outside the conversation.

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.profiles (id) on delete cascade,
  affiliate_id uuid not null references public.profiles (id) on delete cascade,
  program_id uuid references public.affiliate_programs (id) on delete set null,
  subject text check (subject is null or length(subject) <= 200),
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  unique (merchant_id, affiliate_id),
  check (merchant_id <> affiliate_id)
);

comment on table public.conversations is 'A private thread between one merchant and one affiliate.';

create index conversations_affiliate_idx on public.conversations (affiliate_id);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  body text not null check (length(btrim(body)) between 1 and 5000),
  read_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.messages is 'A message in a conversation; the recipient marks it read.';

create index messages_conversation_idx on public.messages (conversation_id, created_at);

create or replace function public.is_conversation_participant(conversation uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where c.id = conversation and auth.uid() in (c.merchant_id, c.affiliate_id)
  )
$$;

create or replace function public.user_role_of(target uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role from public.profiles p where p.id = target
$$;

revoke execute on function public.user_role_of(uuid) from public, anon;

create or replace function public.messages_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations set last_message_at = new.created_at
  where id = new.conversation_id and (last_message_at is null or last_message_at < new.created_at);
  return null;
end;
$$;

create trigger messages_after_insert
  after insert on public.messages
  for each row execute function public.messages_after_insert();

-- Only the recipient marks a message read, and nothing else about a message changes.
create or replace function public.messages_guard_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if (new.id, new.conversation_id, new.sender_id, new.body, new.created_at)
       is distinct from (old.id, old.conversation_id, old.sender_id, old.body, old.created_at) then
      raise exception 'Only the read mark of a message can change' using errcode = '42501';
    end if;
    if new.read_at is distinct from old.read_at and old.sender_id = auth.uid() then
      raise exception 'Only the recipient marks a message read' using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;

create trigger messages_guard_update
  before update on public.messages
  for each row execute function public.messages_guard_update();

-- Row-level security -----------------------------------------------------------------------------

alter table public.conversations enable row level security;
alter table public.messages enable row level security;

revoke update on public.conversations from anon, authenticated;
revoke update on public.messages from anon, authenticated;
grant update (read_at) on public.messages to authenticated;

-- conversations: participants see them; a merchant or an affiliate opens one with a counterpart
-- of the other role; either participant may delete it.
create policy conversations_select_participant on public.conversations
  for select to authenticated using ((select auth.uid()) in (merchant_id, affiliate_id));
create policy conversations_insert_participant on public.conversations
  for insert to authenticated
  with check (
    (merchant_id = (select auth.uid()) and (select public.current_user_role()) = 'merchant'
      and public.user_role_of(affiliate_id) = 'affiliate')
    or (affiliate_id = (select auth.uid()) and (select public.current_user_role()) = 'affiliate'
      and public.user_role_of(merchant_id) = 'merchant')
  );
create policy conversations_delete_participant on public.conversations
  for delete to authenticated using ((select auth.uid()) in (merchant_id, affiliate_id));

-- messages: participants read and send; the recipient marks read; the sender deletes its own.
create policy messages_select_participant on public.messages
  for select to authenticated using (public.is_conversation_participant(conversation_id));
create policy messages_insert_participant on public.messages
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and read_at is null and public.is_conversation_participant(conversation_id));
create policy messages_update_recipient on public.messages
  for update to authenticated
  using (public.is_conversation_participant(conversation_id) and sender_id <> (select auth.uid()))
  with check (public.is_conversation_participant(conversation_id));
create policy messages_delete_sender on public.messages
  for delete to authenticated using (sender_id = (select auth.uid()));

-- Conversation partners see each other's profile.
create or replace function public.is_conversation_partner(other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where (c.merchant_id = auth.uid() and c.affiliate_id = other)
       or (c.affiliate_id = auth.uid() and c.merchant_id = other)
  )
$$;

create policy profiles_select_conversation_partner on public.profiles
  for select to authenticated using (public.is_conversation_partner(id));
