import { type Kysely, sql } from 'kysely';
import { isPostgres, primaryId, timestampType } from './dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const id = primaryId(db);

  await db.schema
    .createTable('moderators')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admins')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scripts')
    .addColumn('id', 'integer', id)
    .addColumn('playsname', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('loadstring', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('owner_moderator_id', 'integer', (c) => c.references('moderators.id').onDelete('set null'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('loadstring_search', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scripts_created_idx').on('scripts').columns(['created_at desc', 'id desc']).execute();
  await db.schema
    .createIndex('scripts_owner_idx')
    .on('scripts')
    .columns(['owner_moderator_id', 'created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('script_channels')
    .addColumn('id', 'integer', id)
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('script_channels_script_idx').on('script_channels').columns(['script_id', 'position']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'moderator')`))
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('cascade'))
    .addColumn('moderator_id', 'integer', (c) => c.references('moderators.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_moderator_idx').on('sessions').column('moderator_id').execute();
  await db.schema.createIndex('sessions_admin_idx').on('sessions').column('admin_id').execute();

  await db.schema
    .createTable('site_channels')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('script_view_marks')
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    // No foreign key: buffered marks may name a script deleted since; they age out with the rest.
    .addColumn('script_id', 'integer', (c) => c.notNull())
    .addColumn('counted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('script_view_marks_pk', ['visitor_hash', 'script_id'])
    .execute();
  await db.schema.createIndex('script_view_marks_counted_idx').on('script_view_marks').column('counted_at').execute();

  // Substring search through an index, kept in step with every write (docs/product.md#search).
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX scripts_search_trgm_idx ON scripts USING gin (search_text gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX scripts_loadstring_trgm_idx ON scripts USING gin (loadstring_search gin_trgm_ops)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE scripts_search USING fts5(search_text, loadstring_search, content='scripts', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`CREATE TRIGGER scripts_search_insert AFTER INSERT ON scripts BEGIN
      INSERT INTO scripts_search(rowid, search_text, loadstring_search) VALUES (new.id, new.search_text, new.loadstring_search);
    END`.execute(db);
    await sql`CREATE TRIGGER scripts_search_delete AFTER DELETE ON scripts BEGIN
      INSERT INTO scripts_search(scripts_search, rowid, search_text, loadstring_search) VALUES ('delete', old.id, old.search_text, old.loadstring_search);
    END`.execute(db);
    await sql`CREATE TRIGGER scripts_search_update AFTER UPDATE OF search_text, loadstring_search ON scripts BEGIN
      INSERT INTO scripts_search(scripts_search, rowid, search_text, loadstring_search) VALUES ('delete', old.id, old.search_text, old.loadstring_search);
      INSERT INTO scripts_search(rowid, search_text, loadstring_search) VALUES (new.id, new.search_text, new.loadstring_search);
    END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['scripts_search_insert', 'scripts_search_delete', 'scripts_search_update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS scripts_search`.execute(db);
  }
  for (const table of ['script_view_marks', 'site_channels', 'sessions', 'script_channels', 'scripts', 'admins', 'moderators']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
