import type { Database } from '../../../../db/database';
import { deleteLocation, findLocation, insertLocation, listLocations, searchLocations, updateLocation, type LocationRow } from '../../../../db/queries/master-data/locations';
import { locationInUse } from '../../../../db/queries/master-data/usage';
import { found, insertOrConflict, notFound, updatedOrStale, exists, inUse } from './common';

export const locationService = {
  list: (db: Database, accountId: number, updatedSince?: string): Promise<LocationRow[]> => listLocations(db, accountId, updatedSince),

  single: async (db: Database, accountId: number, code: string): Promise<LocationRow> => found(await findLocation(db, accountId, { code })),

  async create(db: Database, accountId: number, input: { code: string; name?: string | null | undefined }): Promise<LocationRow> {
    if (await findLocation(db, accountId, { code: input.code })) throw exists('code', 'Location', input.code);
    return insertOrConflict(
      () => insertLocation(db, accountId, { code: input.code, name: input.name ?? null }),
      () => exists('code', 'Location', input.code),
    );
  },

  update: async (
    db: Database,
    accountId: number,
    input: { code: string; name?: string | null | undefined; active?: boolean | undefined; version?: number | undefined },
  ): Promise<LocationRow> => updatedOrStale(await updateLocation(db, accountId, input.code, input), () => findLocation(db, accountId, { code: input.code })),

  /** By id (from the list) or by code (from the edit page), spec §7. */
  async remove(db: Database, accountId: number, by: { id?: number | undefined; code?: string | undefined }): Promise<void> {
    const location = await findLocation(db, accountId, by.id !== undefined ? { id: by.id } : { code: by.code ?? '' });
    if (!location || (by.id !== undefined && by.code !== undefined && location.code !== by.code)) throw notFound();
    if (await locationInUse(db, accountId, location.code)) throw inUse('Location', location.code);
    await deleteLocation(db, accountId, location.id);
  },

  search: (db: Database, accountId: number, input: { q: string; limit?: number | undefined }) => searchLocations(db, accountId, input.q, input.limit),
};
