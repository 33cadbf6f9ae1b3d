import type { Database } from '../../../db/database';
import { entriesOnDays, exportedDays, findRecords, insertRecord } from '../../../db/queries/worksheet';
import { copyTargetDate } from '../../shared/copy-dates';
import { coded, tokenOf } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { DATE_MAX, DATE_MIN } from '../../shared/limits';
import { canSeeRecord } from '../../shared/permissions';
import { WS_FIELD_NAMES, type TWorksheetFields, type TWorksheetRecord } from '../../shared/schemas/worksheet';
import type { TCopyPreviewEntry, TCopyWorksheetResult, ZCopyWorksheetInput } from '../../shared/schemas/worksheet-copy';
import type { z } from 'zod';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { diffChanges, recordHistory } from './history';
import { emitWorksheetEvent } from './webhooks';
import { assertDayHours } from './worksheet-day-hours';
import { assertOpenPeriod } from './worksheet-period';
import { badRequest, hhmm, loadVisibleOrOwn } from './worksheet-record';
import { resolveValues, tracked, type ResolvedValues } from './worksheet-resolve';
import { assertCreateWeekOpen } from './worksheet-week-lock';

/** The refusal's one catalogue error as a token (the client translates the reason by it); '' when it has several. */
function refusalCode(e: AppError): string {
  const messages = Object.values(e.fields ?? {}).flat();
  if (messages.length === 0) return e.coded ? tokenOf(e.coded) : '';
  const only = messages.length === 1 ? messages[0]! : undefined;
  return typeof only === 'string' ? only : only ? tokenOf(only) : '';
}

/** A create refusal in one sentence: each field's message, with the field's name where the message lacks it. */
function refusalReason(e: AppError): string {
  const parts = Object.entries(e.errors ?? {}).flatMap(([field, list]) => {
    const name = (WS_FIELD_NAMES as Record<string, string>)[field];
    return list.map((msg) => (name && !msg.startsWith(name) ? `${name}: ${msg}` : msg));
  });
  return parts.length > 0 ? parts.join('; ') : e.message;
}

/**
 * POST /api/worksheet/copy (issue 22 §5, decision 0210): copies of the given entries as new,
 * unapproved entries of the same owners on a target date, or on the same weekdays of a target
 * week; times, quantities and descriptions kept, photos not. Each copy goes through the create
 * rules (`resolveValues`, spec §5/§6) and emits `worksheet.created`; one transaction, all or
 * nothing. `dryRun` runs every check and answers the preview without writing.
 */
export async function copyWorksheetRecords(db: Database, actor: Actor, input: z.output<typeof ZCopyWorksheetInput>): Promise<TCopyWorksheetResult> {
  const ids = [...new Set(input.ids)];
  const dryRun = input.dryRun ?? false;
  return db.transaction().execute(async (trx) => {
    const rows = new Map((await findRecords(trx, actor, ids)).map((r) => [r.id, r]));
    // Unknown, another account's, or not visible to the caller: the same 404, naming the first id.
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || !canSeeRecord(actor, row, row)) throw new AppError('NOT_FOUND', coded('COPY_NOT_FOUND', { id }));
    }
    const sources = ids.map((id) => rows.get(id)!);
    const targets = sources.map((row) => copyTargetDate(row.date, input));
    for (const [i, date] of targets.entries()) {
      if (date < DATE_MIN || date > DATE_MAX) throw badRequest({ [input.toDate ? 'toDate' : 'toWeek']: ERR.dateOutOfRange, [`ids.${i}`]: ERR.dateOutOfRange });
    }
    // No copy into the account's closed period (issue 40 §3); copying out of it is reading.
    await assertOpenPeriod(trx, actor.accountId, targets);
    const locked = await exportedDays(trx, actor.accountId, [...new Set(sources.map((r) => r.username))], [...new Set(targets)]);
    const hit = locked.find((l) => sources.some((r, i) => r.username === l.username && targets[i] === l.date));
    if (hit) throw new AppError('CONFLICT', coded('COPY_TARGET_EXPORTED', { user: hit.username, date: hit.date }));

    // Issue 40 (decision 0470): the copies may not bring a person's day over 24 hours (the days locked, in key order).
    await assertDayHours(
      trx,
      actor.accountId,
      sources.map((r, i) => ({ username: r.username, date: targets[i]!, quantity: Number(r.quantity), unitOfMeasureCode: r.unitOfMeasureCode })),
    );

    // Issue 40 §5: what the target days already hold (the preview warns), counted before any copy lands.
    const targetDays = new Set(sources.map((r, i) => `${r.userId}/${targets[i]}`));
    const owners = [...new Set(sources.map((r) => r.userId).filter((u): u is number => u !== null))];
    const existing = (await entriesOnDays(trx, actor.accountId, owners, [...new Set(targets)])).filter((e) => targetDays.has(`${e.userId}/${e.date}`)).length;

    const preview: TCopyPreviewEntry[] = [];
    const created: TWorksheetRecord[] = [];
    for (const [i, row] of sources.entries()) {
      const fields: TWorksheetFields = {
        accountId: undefined,
        username: row.username,
        date: targets[i]!,
        customerNo: row.customerNo,
        jobCode: row.jobCode,
        jobTaskCode: row.jobTaskCode,
        locationCode: row.locationCode,
        workTypeCode: row.workTypeCode,
        unitType: row.unitType,
        unitNo: row.unitNo,
        description: row.description,
        timeFrom: hhmm(row.timeFrom),
        timeTo: hhmm(row.timeTo),
        quantity: Number(row.quantity),
        unitOfMeasureCode: row.unitOfMeasureCode,
      };
      let values: ResolvedValues;
      let resolved: Awaited<ReturnType<typeof resolveValues>>;
      try {
        resolved = await resolveValues(trx, actor, fields, null);
        values = resolved.values;
      } catch (e) {
        if (!(e instanceof AppError) || e.kind !== 'BAD_REQUEST') throw e;
        // The refusal names the entry; its field errors stay, under the entry's position.
        const fieldErrors = Object.fromEntries(Object.entries(e.fields ?? {}).map(([k, v]) => [`ids.${i}.${k}`, v]));
        throw new AppError(
          'BAD_REQUEST',
          { code: 'COPY_ENTRY_REFUSED', params: { id: String(row.id), date: row.date, reason: refusalReason(e), reasonCode: refusalCode(e) } },
          fieldErrors,
        );
      }
      // Issue 40 §2: no copy into the worker's submitted week.
      await assertCreateWeekOpen(trx, actor, resolved);
      preview.push({
        sourceId: row.id,
        username: values.username,
        date: values.date,
        customerNo: values.customerNo,
        jobCode: values.jobCode,
        jobDescription: values.jobDescription,
        jobTaskCode: values.jobTaskCode,
        locationCode: values.locationCode,
        workTypeCode: values.workTypeCode,
        unitType: values.unitType,
        unitNo: values.unitNo,
        unitDescription: values.unitDescription,
        description: values.description,
        timeFrom: hhmm(values.timeFrom),
        timeTo: hhmm(values.timeTo),
        quantity: values.quantity,
        unitOfMeasureCode: values.unitOfMeasureCode,
      });
      if (dryRun) continue;
      const now = new Date();
      const id = await insertRecord(trx, { ...values, accountId: actor.accountId, createdBy: actor.username, modifiedBy: actor.username, modifiedDate: now });
      await recordHistory(trx, { accountId: actor.accountId, worksheetId: id, action: 'create', username: actor.username, changes: diffChanges(null, tracked(values, [])) });
      await emitWorksheetEvent(trx, actor, 'worksheet.created', id);
      created.push(await loadVisibleOrOwn(trx, actor, id));
    }
    return { dryRun, created, preview, existing };
  });
}
