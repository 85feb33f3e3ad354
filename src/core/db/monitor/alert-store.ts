/** Persisted alerts: an alert survives restarts, so a condition that lasts is not raised again. */
import type Database from 'better-sqlite3';
import type { AlertRule, MonitorAlertView } from '../../../shared/domain/monitor';

export type AlertLevel = MonitorAlertView['level'];

interface AlertRow {
  id: number;
  network_id: string;
  rule: AlertRule;
  subject: string;
  level: AlertLevel;
  message: string;
  raised_at: number;
  cleared_at: number | null;
  count: number;
  dismissed: number;
}

/** How many cleared alerts are kept (the in-app list is "active and recent"). */
const KEEP_CLEARED = 500;

export class AlertStore {
  private readonly insert: Database.Statement<[string, string, string, string, string, number]>;
  private readonly findActive: Database.Statement<[string, string, string], AlertRow>;
  private readonly activeOf: Database.Statement<[string], AlertRow>;
  private readonly bump: Database.Statement<[string, number]>;
  private readonly clear: Database.Statement<[number, number]>;
  private readonly listAll: Database.Statement<[string, number], AlertRow>;
  private readonly listActive: Database.Statement<[string, number], AlertRow>;
  private readonly dismissOne: Database.Statement<[string, number]>;
  private readonly dismissAll: Database.Statement<[string]>;
  private readonly byId: Database.Statement<[number], AlertRow>;
  private readonly trim: Database.Statement<[number]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO alerts (network_id, rule, subject, level, message, raised_at) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.findActive = db.prepare(
      `SELECT * FROM alerts WHERE network_id = ? AND rule = ? AND subject = ? AND cleared_at IS NULL
       ORDER BY id DESC LIMIT 1`,
    );
    this.activeOf = db.prepare('SELECT * FROM alerts WHERE network_id = ? AND cleared_at IS NULL');
    this.bump = db.prepare('UPDATE alerts SET count = count + 1, message = ? WHERE id = ?');
    this.clear = db.prepare('UPDATE alerts SET cleared_at = ? WHERE id = ?');
    this.listAll = db.prepare(
      `SELECT * FROM alerts WHERE network_id = ? AND dismissed = 0
       ORDER BY cleared_at IS NOT NULL, id DESC LIMIT ?`,
    );
    this.listActive = db.prepare(
      `SELECT * FROM alerts WHERE network_id = ? AND dismissed = 0 AND cleared_at IS NULL ORDER BY id DESC LIMIT ?`,
    );
    this.dismissOne = db.prepare('UPDATE alerts SET dismissed = 1 WHERE network_id = ? AND id = ?');
    this.dismissAll = db.prepare('UPDATE alerts SET dismissed = 1 WHERE network_id = ?');
    this.byId = db.prepare('SELECT * FROM alerts WHERE id = ?');
    this.trim = db.prepare(
      `DELETE FROM alerts WHERE cleared_at IS NOT NULL AND id NOT IN (
         SELECT id FROM alerts WHERE cleared_at IS NOT NULL ORDER BY id DESC LIMIT ?)`,
    );
  }

  active(network: string, rule: AlertRule, subject: string): MonitorAlertView | undefined {
    const row = this.findActive.get(network, rule, subject);
    return row && view(row);
  }

  activeAll(network: string): MonitorAlertView[] {
    return this.activeOf.all(network).map(view);
  }

  raise(
    network: string,
    alert: { rule: AlertRule; subject: string; level: AlertLevel; message: string },
    at: number,
  ): MonitorAlertView {
    const id = Number(
      this.insert.run(network, alert.rule, alert.subject, alert.level, alert.message, at).lastInsertRowid,
    );
    return view(this.byId.get(id)!);
  }

  /** One more occurrence of an active alert (coalesced: no new alert). */
  repeat(id: string, message: string): void {
    this.bump.run(message, Number(id));
  }

  cleared(id: string, at: number): void {
    this.clear.run(at, Number(id));
  }

  list(network: string, options: { activeOnly: boolean; limit: number }): MonitorAlertView[] {
    const rows = options.activeOnly
      ? this.listActive.all(network, options.limit)
      : this.listAll.all(network, options.limit);
    return rows.map(view);
  }

  /** Returns whether something was dismissed. */
  dismiss(network: string, id?: string): boolean {
    const result = id === undefined ? this.dismissAll.run(network) : this.dismissOne.run(network, Number(id));
    return result.changes > 0;
  }

  prune(): void {
    this.trim.run(KEEP_CLEARED);
  }
}

function view(row: AlertRow): MonitorAlertView {
  return {
    id: String(row.id),
    rule: row.rule,
    level: row.level,
    message: row.message,
    subject: row.subject,
    networkId: row.network_id,
    raisedAt: row.raised_at,
    ...(row.cleared_at === null ? {} : { clearedAt: row.cleared_at }),
    active: row.cleared_at === null,
    dismissed: row.dismissed === 1,
    count: row.count,
  };
}
