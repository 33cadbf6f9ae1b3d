import { sql, type Kysely } from 'kysely';

/**
 * The whole data model of spec §3. Frozen: never edit a migration that has shipped; add a new one.
 * Lengths and ranges are checked here as well as in the zod schemas, so that no path around the
 * API (CLI, ERP sync, SQL) can store what the application would refuse.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE account (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 20),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      created_date timestamptz NOT NULL DEFAULT now(),
      expiration_date date,
      active boolean NOT NULL DEFAULT true,
      show_customer boolean NOT NULL DEFAULT true,
      show_job_task boolean NOT NULL DEFAULT true,
      show_location boolean NOT NULL DEFAULT true,
      show_work_type boolean NOT NULL DEFAULT true,
      mandatory_job_task boolean NOT NULL DEFAULT false,
      mandatory_location boolean NOT NULL DEFAULT false,
      mandatory_work_type boolean NOT NULL DEFAULT false,
      default_unit_type text NOT NULL DEFAULT 'Resource' CHECK (default_unit_type IN ('Item', 'Resource')),
      resource_units text NOT NULL DEFAULT 'Time' CHECK (resource_units IN ('Time', 'Quantity')),
      api_key_hash text UNIQUE,
      api_key_encrypted text,
      api_key_created_at timestamptz,
      CHECK (show_job_task OR NOT mandatory_job_task),
      CHECK (show_location OR NOT mandatory_location),
      CHECK (show_work_type OR NOT mandatory_work_type)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX account_code_key ON account (lower(code))`.execute(db);

  await sql`
    CREATE TABLE app_user (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 20),
      password_hash text NOT NULL,
      profile_type text NOT NULL DEFAULT 'Basic' CHECK (profile_type IN ('Basic', 'Teamleader', 'Admin')),
      team_code text CHECK (char_length(team_code) <= 20 AND team_code = upper(team_code)),
      language_code text NOT NULL DEFAULT 'ENU' CHECK (language_code IN ('ENU', 'DAN')),
      default_description text CHECK (char_length(default_description) <= 100),
      default_resource text CHECK (char_length(default_resource) <= 20),
      lock_default_resource boolean NOT NULL DEFAULT false,
      expiration_date date,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (default_resource IS NOT NULL OR NOT lock_default_resource),
      UNIQUE (account_id, username)
    )`.execute(db);
  // Login takes no account, so user names are unique across the installation (DESIGN §4).
  await sql`CREATE UNIQUE INDEX app_user_username_key ON app_user (lower(username))`.execute(db);
  await sql`CREATE INDEX app_user_team_idx ON app_user (account_id, team_code)`.execute(db);

  await sql`
    CREATE TABLE session (
      id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      remember boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX session_user_idx ON session (user_id)`.execute(db);

  await sql`
    CREATE TABLE login_throttle (
      username_key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      last_failure_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz
    )`.execute(db);

  for (const table of ['item', 'resource']) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        no text NOT NULL CHECK (char_length(no) BETWEEN 1 AND 20),
        description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 100),
        active boolean NOT NULL DEFAULT true,
        UNIQUE (account_id, no)
      )`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_search_idx`)} ON ${sql.table(table)} (account_id, lower(description) text_pattern_ops)`.execute(db);
  }

  await sql`
    CREATE TABLE unit_of_measure (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      unit_type text NOT NULL CHECK (unit_type IN ('Item', 'Resource')),
      unit_no text NOT NULL CHECK (char_length(unit_no) BETWEEN 1 AND 20),
      code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 10),
      description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 50),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (account_id, unit_type, unit_no, code)
    )`.execute(db);

  await sql`
    CREATE TABLE location (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 10),
      name text CHECK (char_length(name) <= 100),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (account_id, code)
    )`.execute(db);

  await sql`
    CREATE TABLE work_type (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 10),
      description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 100),
      unit_of_measure_code text CHECK (char_length(unit_of_measure_code) <= 10),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (account_id, code)
    )`.execute(db);

  await sql`
    CREATE TABLE customer (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      no text NOT NULL CHECK (char_length(no) BETWEEN 1 AND 20),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (account_id, no)
    )`.execute(db);
  await sql`CREATE INDEX customer_search_idx ON customer (account_id, lower(name) text_pattern_ops)`.execute(db);

  await sql`
    CREATE TABLE job (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 20),
      description text CHECK (char_length(description) <= 100),
      bill_to_customer_no text NOT NULL,
      responsible_resource_no text CHECK (char_length(responsible_resource_no) <= 20),
      starting_date date,
      team_code text CHECK (char_length(team_code) <= 20 AND team_code = upper(team_code)),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (account_id, code),
      FOREIGN KEY (account_id, bill_to_customer_no) REFERENCES customer (account_id, no)
    )`.execute(db);
  await sql`CREATE INDEX job_customer_idx ON job (account_id, bill_to_customer_no)`.execute(db);
  await sql`CREATE INDEX job_team_idx ON job (account_id, team_code)`.execute(db);

  await sql`
    CREATE TABLE job_task (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      job_code text NOT NULL,
      code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 20),
      description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 100),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (account_id, job_code, code),
      FOREIGN KEY (account_id, job_code) REFERENCES job (account_id, code)
    )`.execute(db);

  await sql`
    CREATE TABLE worksheet_record (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      username text NOT NULL,
      date date NOT NULL,
      customer_no text,
      customer_name text,
      job_code text NOT NULL,
      job_description text,
      job_task_code text,
      job_task_description text,
      location_code text,
      work_type_code text,
      work_type_description text,
      unit_type text NOT NULL CHECK (unit_type IN ('Item', 'Resource')),
      unit_no text NOT NULL,
      unit_description text,
      description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 100),
      time_from time,
      time_to time,
      quantity numeric(10, 2) NOT NULL CHECK (quantity > 0 AND quantity <= 99999999.99),
      unit_of_measure_code text NOT NULL,
      unit_of_measure_description text,
      approved_by text,
      approved_date_time timestamptz,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      modified_by text,
      modified_date timestamptz,
      version integer NOT NULL DEFAULT 1,
      exported boolean NOT NULL DEFAULT false,
      exported_by text,
      exported_at timestamptz,
      CHECK ((time_from IS NULL) = (time_to IS NULL)),
      CHECK (time_from IS NULL OR time_to > time_from)
    )`.execute(db);
  // Worksheet home: the unexported entries of an account, newest day first.
  await sql`CREATE INDEX worksheet_open_idx ON worksheet_record (account_id, date DESC, id DESC) WHERE NOT exported`.execute(db);
  // Archive: exported entries by date range.
  await sql`CREATE INDEX worksheet_archive_idx ON worksheet_record (account_id, exported, date DESC)`.execute(db);
  // YOURS: by owner.
  await sql`CREATE INDEX worksheet_owner_idx ON worksheet_record (account_id, lower(username), exported, date DESC)`.execute(db);
  // TEAM by job team, and "in use" checks of master data.
  await sql`CREATE INDEX worksheet_job_idx ON worksheet_record (account_id, job_code, exported)`.execute(db);
  await sql`CREATE INDEX worksheet_unit_idx ON worksheet_record (account_id, unit_type, unit_no) WHERE NOT exported`.execute(db);
  await sql`CREATE INDEX worksheet_customer_idx ON worksheet_record (account_id, customer_no) WHERE NOT exported`.execute(db);
  await sql`CREATE INDEX worksheet_location_idx ON worksheet_record (account_id, location_code) WHERE NOT exported`.execute(db);
  await sql`CREATE INDEX worksheet_work_type_idx ON worksheet_record (account_id, work_type_code) WHERE NOT exported`.execute(db);

  await sql`
    CREATE TABLE attachment (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      worksheet_id integer NOT NULL REFERENCES worksheet_record (id) ON DELETE CASCADE,
      file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
      content_type text NOT NULL,
      size integer NOT NULL CHECK (size > 0),
      data bytea NOT NULL,
      preview bytea,
      preview_type text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX attachment_worksheet_idx ON attachment (worksheet_id)`.execute(db);

  // The audit trail outlives the record (a delete is kept too), so no foreign key to it.
  await sql`
    CREATE TABLE worksheet_history (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      worksheet_id integer NOT NULL,
      action text NOT NULL CHECK (action IN ('create', 'update', 'approve', 'unapprove', 'delete', 'export')),
      username text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      changes jsonb NOT NULL DEFAULT '{}'::jsonb
    )`.execute(db);
  await sql`CREATE INDEX worksheet_history_record_idx ON worksheet_history (worksheet_id, at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['worksheet_history', 'attachment', 'worksheet_record', 'job_task', 'job', 'customer', 'work_type', 'location', 'unit_of_measure', 'resource', 'item', 'login_throttle', 'session', 'app_user', 'account']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
