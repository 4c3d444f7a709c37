"""On PostgreSQL the database itself decides who may write the records that matter.

Every workstation holds the program's login, so the login cannot be what the database
trusts. Instead a transaction that changes users, licenses, tags, numbers, the ledger or
the audit trail must first prove, with ``clerkdesk_act``, which signed-in person it acts
for: the password's key (its argon2 digest, which only the password gives) checked against
the hash the schema's owner keeps out of every login's reach (``user_secret``). The
guards of those tables then let through only what that person's role may change, and the
rows that name who did something must name that person. Sign-in attempts are counted by
the database under a row lock, whatever the workstation.

The schema's owner (IT, and these migrations) and superusers pass the guards: they can drop
them anyway, which is what the ledger's chain and its printed heads are for.

SQLite (one PC, no logins) gets the three tables and nothing else: see docs/security.md.

Revision ID: 0019
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COUNTER = ("administrator", "clerk", "assistant_clerk")
# The office may let the treasurer and the assistant lock a month (rules/roles.py,
# OFFICE_CHOSEN): a lock takes the chain's next number and posts a ledger link.
LOCKING = (*COUNTER, "treasurer")
EVERYONE = (*LOCKING, "animal_control")

# Which roles may change each guarded table at all; the program narrows it further.
GUARDED: dict[str, tuple[str, ...]] = {
    "app_user": ("administrator",),
    "license": COUNTER,
    "kennel_license": COUNTER,
    "tag_stock": COUNTER,
    "tag_issue": COUNTER,
    "tag_mark": COUNTER,
    "kennel_tag": COUNTER,
    "receipt": COUNTER,
    "receipt_line": COUNTER,
    "tender": COUNTER,
    "receipt_void": COUNTER,
    "closeout": COUNTER,
    "period_lock": LOCKING,
    "ledger_entry": LOCKING,
    "number_sequence": LOCKING,
    "audit_entry": EVERYONE,
}
# The column of each row that names who did it: it must name the person acting.
SIGNED: dict[str, str] = {
    "receipt": "issued_by",
    "receipt_void": "voided_by",
    "closeout": "closed_by",
    "period_lock": "locked_by",
    "audit_entry": "user_name",
}


def upgrade() -> None:
    op.create_table(
        "user_secret",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_user_secret")),
    )
    op.create_table(
        "acting_session",
        sa.Column("backend_pid", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("xact", sa.BigInteger(), nullable=False),
        sa.Column("user_name", sa.String(length=40), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.PrimaryKeyConstraint("backend_pid", name=op.f("pk_acting_session")),
    )
    op.create_table(
        "sign_in_attempt",
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("failed_attempts", sa.Integer(), nullable=False),
        sa.Column("last_failed_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_sign_in_attempt")),
    )
    if op.get_bind().dialect.name != "postgresql":
        return
    schema = op.get_bind().execute(sa.text("SELECT current_schema()")).scalar_one()
    for statement in _functions(str(schema)):
        op.execute(statement)
    # The hashes leave the table every workstation reads.
    op.execute(
        "INSERT INTO user_secret (name, password_hash) SELECT name, password_hash FROM app_user"
    )
    op.execute("UPDATE app_user SET password_hash = '!'")
    for table, roles in GUARDED.items():
        allowed = ", ".join(f"'{role}'" for role in roles)
        op.execute(
            f"CREATE TRIGGER {table}_guard BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE "
            f"ON {table} FOR EACH STATEMENT EXECUTE FUNCTION clerkdesk_guard({allowed})"
        )
    for table, column in SIGNED.items():
        op.execute(
            f"CREATE TRIGGER {table}_signed BEFORE INSERT ON {table} "
            f"FOR EACH ROW EXECUTE FUNCTION clerkdesk_signed_by('{column}')"
        )
    for table in ("user_secret", "acting_session", "sign_in_attempt"):
        op.execute(f"REVOKE ALL ON {table} FROM PUBLIC")
    # Checks a key without counting a failure: for the functions above only.
    op.execute("REVOKE EXECUTE ON FUNCTION clerkdesk_check_key(text, text, boolean) FROM PUBLIC")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "UPDATE app_user SET password_hash = s.password_hash "
            "FROM user_secret AS s WHERE s.name = app_user.name"
        )
        for table in SIGNED:
            op.execute(f"DROP TRIGGER IF EXISTS {table}_signed ON {table}")
        for table in GUARDED:
            op.execute(f"DROP TRIGGER IF EXISTS {table}_guard ON {table}")
        for function in _FUNCTION_NAMES:
            op.execute(f"DROP FUNCTION IF EXISTS {function} CASCADE")
    op.drop_table("sign_in_attempt")
    op.drop_table("acting_session")
    op.drop_table("user_secret")


_FUNCTION_NAMES = (
    "clerkdesk_guard()",
    "clerkdesk_signed_by()",
    "clerkdesk_act(text, text)",
    "clerkdesk_sign_in(text, text)",
    "clerkdesk_salt(text, text)",
    "clerkdesk_set_password(text, text, text)",
    "clerkdesk_check_key(text, text, boolean)",
    "clerkdesk_key_matches(text, text)",
    "clerkdesk_wait(integer)",
    "clerkdesk_acting(boolean)",
    "clerkdesk_trusted(name)",
)


def _functions(schema: str) -> list[str]:
    quoted = '"' + schema.replace('"', '""') + '"'
    # pg_temp last, or a login's temporary table could stand in for one of ours.
    pinned = f"SET search_path = pg_catalog, {quoted}, pg_temp"
    owner = f"(SELECT nspowner FROM pg_namespace WHERE nspname = '{schema}')"
    return [
        # The schema's owner, its members and superusers: whoever runs as them, which
        # includes the SECURITY DEFINER functions below.
        f"""CREATE FUNCTION clerkdesk_trusted(who name) RETURNS boolean LANGUAGE sql STABLE
        {pinned} AS $$ SELECT pg_has_role(who, {owner}, 'MEMBER') $$""",
        # The role (or, with names, the user) this transaction proved it acts for.
        f"""CREATE FUNCTION clerkdesk_acting(names boolean) RETURNS text LANGUAGE sql STABLE
        SECURITY DEFINER {pinned} AS $$
            SELECT CASE WHEN names THEN user_name ELSE role END FROM acting_session
            WHERE backend_pid = pg_backend_pid() AND xact = txid_current_if_assigned() $$""",
        # The wait after ``failures`` failed sign-ins (services/sign_in.py wait_after).
        """CREATE FUNCTION clerkdesk_wait(failures integer) RETURNS interval LANGUAGE sql
        IMMUTABLE AS $$ SELECT CASE WHEN failures < 5 THEN interval '0'
            ELSE least(interval '30 seconds' * (2 ^ least(failures - 5, 10)),
                       interval '15 minutes') END $$""",
        # The key is the hash's digest, computed by the workstation from the password.
        """CREATE FUNCTION clerkdesk_key_matches(hashed text, given text) RETURNS boolean
        LANGUAGE sql IMMUTABLE AS $$
            SELECT hashed IS NOT NULL AND given IS NOT NULL AND given <> ''
               AND sha256(convert_to(split_part(hashed, '$', 6), 'UTF8'))
                   = sha256(convert_to(given, 'UTF8')) $$""",
        # The guard of a table only the program, for a signed-in person, changes. Not a
        # definer function: it must see who runs the statement (current_user).
        f"""CREATE FUNCTION clerkdesk_guard() RETURNS trigger LANGUAGE plpgsql
        {pinned} AS $$
        DECLARE acting text;
        BEGIN
            IF clerkdesk_trusted(current_user) THEN RETURN NULL; END IF;
            acting := clerkdesk_acting(false);
            IF acting IS NULL THEN
                RAISE EXCEPTION 'clerkdesk refused: % is changed only by ClerkDesk, for a '
                    'person signed in', TG_TABLE_NAME USING ERRCODE = '42501';
            END IF;
            IF NOT acting = ANY (TG_ARGV) THEN
                RAISE EXCEPTION 'clerkdesk refused: the % role may not change %',
                    acting, TG_TABLE_NAME USING ERRCODE = '42501';
            END IF;
            RETURN NULL;
        END $$""",
        f"""CREATE FUNCTION clerkdesk_signed_by() RETURNS trigger LANGUAGE plpgsql
        {pinned} AS $$
        DECLARE who text; given text;
        BEGIN
            IF clerkdesk_trusted(current_user) THEN RETURN NEW; END IF;
            who := clerkdesk_acting(true);
            given := to_jsonb(NEW) ->> TG_ARGV[0];
            IF who IS NULL OR given IS DISTINCT FROM who THEN
                RAISE EXCEPTION 'clerkdesk refused: % must name the person signed in, not %',
                    TG_TABLE_NAME, coalesce(given, 'no one') USING ERRCODE = '42501';
            END IF;
            RETURN NEW;
        END $$""",
        # The role of ``who`` if ``key`` is theirs; a wrong key counts as a failed
        # sign-in. The very first user, before any is saved, is the administrator.
        f"""CREATE FUNCTION clerkdesk_check_key(who text, key text, counting boolean)
        RETURNS text LANGUAGE plpgsql SECURITY DEFINER {pinned} AS $$
        DECLARE found_role text; off boolean; hashed text;
        BEGIN
            SELECT password_hash INTO hashed FROM user_secret WHERE name = who;
            SELECT role, disabled INTO found_role, off FROM app_user WHERE name = who;
            IF found_role IS NULL AND NOT EXISTS (SELECT 1 FROM app_user) THEN
                found_role := 'administrator'; off := false;
            END IF;
            IF found_role IS NULL OR NOT clerkdesk_key_matches(hashed, key) THEN
                IF counting THEN
                    INSERT INTO sign_in_attempt AS a (name, failed_attempts, last_failed_at)
                    VALUES (who, 1, clock_timestamp()) ON CONFLICT (name) DO UPDATE
                    SET failed_attempts = a.failed_attempts + 1, last_failed_at = clock_timestamp();
                END IF;
                RETURN NULL;
            END IF;
            IF off THEN RETURN 'disabled'; END IF;
            RETURN found_role;
        END $$""",
        # Called first in every transaction that writes for a person (services/acting.py):
        # the role proven, 'wait' while the name is throttled, or NULL for a wrong key
        # (counted, and not raised, so that a guesser's own transaction keeps the count).
        f"""CREATE FUNCTION clerkdesk_act(who text, key text) RETURNS text LANGUAGE plpgsql
        SECURITY DEFINER {pinned} AS $$
        DECLARE found_role text; tries record;
        BEGIN
            IF key IS NULL AND clerkdesk_trusted(session_user) THEN RETURN NULL; END IF;
            SELECT failed_attempts AS n, last_failed_at AS at INTO tries
            FROM sign_in_attempt WHERE name = who;
            IF tries.n >= 5 AND clock_timestamp() < tries.at + clerkdesk_wait(tries.n) THEN
                RETURN 'wait';
            END IF;
            found_role := clerkdesk_check_key(who, key, key IS NOT NULL);
            IF found_role IS NULL OR found_role = 'disabled' THEN RETURN NULL; END IF;
            INSERT INTO acting_session (backend_pid, xact, user_name, role)
            VALUES (pg_backend_pid(), txid_current(), who, found_role)
            ON CONFLICT (backend_pid) DO UPDATE
            SET xact = EXCLUDED.xact, user_name = EXCLUDED.user_name, role = EXCLUDED.role;
            RETURN found_role;
        END $$""",
        # Signing in: the throttle first, under the name's row lock, so that guesses made
        # at once at several workstations are each counted. The clock is read when asked
        # (clock_timestamp), not at the transaction's start (now()): a guess that waited
        # for the lock must not be older than the failure it waited for.
        f"""CREATE FUNCTION clerkdesk_sign_in(who text, key text)
        RETURNS TABLE (outcome text, role text, wait_seconds integer)
        LANGUAGE plpgsql SECURITY DEFINER {pinned} AS $$
        DECLARE tries record; found_role text; ready timestamptz;
        BEGIN
            INSERT INTO sign_in_attempt (name, failed_attempts) VALUES (who, 0)
            ON CONFLICT (name) DO NOTHING;
            SELECT failed_attempts AS n, last_failed_at AS at INTO tries
            FROM sign_in_attempt WHERE name = who FOR UPDATE;
            ready := tries.at + clerkdesk_wait(tries.n);
            IF tries.n >= 5 AND clock_timestamp() < ready THEN
                RETURN QUERY SELECT 'wait'::text, NULL::text,
                    ceil(extract(epoch FROM ready - clock_timestamp()))::integer;
                RETURN;
            END IF;
            found_role := clerkdesk_check_key(who, key, true);
            IF found_role IS NULL THEN
                RETURN QUERY SELECT 'no'::text, NULL::text, 0;
            ELSIF found_role = 'disabled' THEN
                RETURN QUERY SELECT 'disabled'::text, NULL::text, 0;
            ELSE
                DELETE FROM sign_in_attempt WHERE name = who;
                -- What connections that have ended proved: a sign-in is rare enough to
                -- sweep them, so the table holds about one row a workstation.
                DELETE FROM acting_session
                WHERE backend_pid NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL);
                UPDATE app_user SET last_signed_in_at = clock_timestamp(), failed_attempts = 0,
                    last_failed_at = NULL WHERE name = who;
                RETURN QUERY SELECT 'ok'::text, found_role, 0;
            END IF;
        END $$""",
        # What the workstation hashes the password with: the user's hash without its
        # digest, or for a name with no user one that looks the same (the same
        # parameters, a salt of the name and a secret), so no name is told apart.
        f"""CREATE FUNCTION clerkdesk_salt(who text, usual text)
        RETURNS TABLE (prefix text, digest_bytes integer)
        LANGUAGE plpgsql STABLE SECURITY DEFINER {pinned} AS $$
        DECLARE hashed text;
        BEGIN
            SELECT password_hash INTO hashed FROM user_secret WHERE name = who;
            IF hashed IS NULL THEN
                RETURN QUERY SELECT usual || '$' || rtrim(encode(substring(sha256(convert_to(
                    who || coalesce((SELECT min(password_hash) FROM user_secret), ''), 'UTF8'))
                    FROM 1 FOR 16), 'base64'), '='), 32;
                RETURN;
            END IF;
            RETURN QUERY SELECT regexp_replace(hashed, '\\$[^$]*$', ''),
                (length(split_part(hashed, '$', 6)) * 3) / 4;
        END $$""",
        # A password set by the administrator, by its owner with the present one's key,
        # or for the very first user.
        f"""CREATE FUNCTION clerkdesk_set_password(who text, hashed text, present_key text)
        RETURNS void LANGUAGE plpgsql SECURITY DEFINER {pinned} AS $$
        DECLARE acting_role text; acting_name text;
        BEGIN
            IF hashed !~ ('^\\$argon2(id|i|d)\\$v=[0-9]+\\$m=[0-9]+,t=[0-9]+,p=[0-9]+'
                          '\\$[A-Za-z0-9+/]+\\$[A-Za-z0-9+/]+$') THEN
                RAISE EXCEPTION 'clerkdesk refused: not a password hash' USING ERRCODE = '22023';
            END IF;
            acting_role := clerkdesk_acting(false);
            acting_name := clerkdesk_acting(true);
            -- coalesce: with no one acting, the comparisons are NULL, and NOT NULL is no
            -- refusal at all.
            IF NOT coalesce(clerkdesk_trusted(session_user)
                    OR NOT EXISTS (SELECT 1 FROM user_secret)
                    OR acting_role = 'administrator' OR acting_name = who, false) THEN
                RAISE EXCEPTION 'clerkdesk refused: only the administrator, or the person '
                    'themselves, sets a password' USING ERRCODE = '42501';
            END IF;
            -- Asked of someone changing their own (at a desk left signed in, perhaps).
            IF present_key IS NOT NULL AND NOT clerkdesk_key_matches(
                    (SELECT password_hash FROM user_secret WHERE name = who), present_key) THEN
                RAISE EXCEPTION 'clerkdesk refused: the present password is not right'
                    USING ERRCODE = '42501';
            END IF;
            INSERT INTO user_secret (name, password_hash) VALUES (who, hashed)
            ON CONFLICT (name) DO UPDATE SET password_hash = EXCLUDED.password_hash;
            DELETE FROM sign_in_attempt WHERE name = who;
        END $$""",
    ]
