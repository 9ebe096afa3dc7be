// A worker thread (server/shared/thread-pool.ts) that runs read-only SQLite queries on its own connection, so a slow read (a
// search that has to read many rows) never holds the server's event loop. Plain JavaScript: it is
// loaded as it is, from source in development and beside the server bundle in production.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

/** Prepared statements by SQL text: the server asks the same few shapes of query over and over. */
const statements = new Map();
const MAX_STATEMENTS = 500;

function prepare(text) {
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statement = db.prepare(text);
    if (!statement.reader) throw new Error('The read worker runs only queries that return rows');
    statements.set(text, statement);
  }
  return statement;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    parentPort.postMessage({ id, value: prepare(sql).all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
