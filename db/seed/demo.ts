import { randomBytes } from 'node:crypto';
import { analyze, type Database } from '../database';

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

const password = () => randomBytes(9).toString('base64url');

/** Sample master data for a demo account (first start of an empty embedded database). */
export async function seedMasterData(db: Database, accountId: number): Promise<void> {
  const a = accountId;
  await db
    .insertInto('customer')
    .values([
      { accountId: a, no: 'C1000', name: 'Nordhavn Byg ApS' },
      { accountId: a, no: 'C2000', name: 'Vestegnens Boligselskab' },
      { accountId: a, no: 'C3000', name: 'Aarhus Kommune' },
    ])
    .execute();
  await db
    .insertInto('job')
    .values([
      { accountId: a, code: 'J-1001', description: 'Kitchen renovation, Strandvejen 12', billToCustomerNo: 'C1000', teamCode: 'A' },
      { accountId: a, code: 'J-1002', description: 'New roof, warehouse', billToCustomerNo: 'C1000', teamCode: 'B' },
      { accountId: a, code: 'J-2001', description: 'Bathroom, block 4', billToCustomerNo: 'C2000', teamCode: 'A' },
      { accountId: a, code: 'J-3001', description: 'School windows service', billToCustomerNo: 'C3000', teamCode: null },
    ])
    .execute();
  await db
    .insertInto('jobTask')
    .values([
      { accountId: a, jobCode: 'J-1001', code: '100', description: 'Demolition' },
      { accountId: a, jobCode: 'J-1001', code: '200', description: 'Installation' },
      { accountId: a, jobCode: 'J-1002', code: '100', description: 'Roofing' },
      { accountId: a, jobCode: 'J-2001', code: '100', description: 'Tiling' },
      { accountId: a, jobCode: 'J-2001', code: '200', description: 'Plumbing' },
    ])
    .execute();
  await db
    .insertInto('item')
    .values([
      { accountId: a, no: '1000', description: 'Screws 5x50, box' },
      { accountId: a, no: '1100', description: 'Plasterboard 12.5 mm' },
      { accountId: a, no: '1200', description: 'Copper pipe 15 mm' },
      { accountId: a, no: '1300', description: 'Tile adhesive 20 kg' },
      { accountId: a, no: '1400', description: 'Silicone, white' },
    ])
    .execute();
  await db
    .insertInto('resource')
    .values([
      { accountId: a, no: 'R01', description: 'Carpenter' },
      { accountId: a, no: 'R02', description: 'Plumber' },
      { accountId: a, no: 'R03', description: 'Apprentice' },
      { accountId: a, no: 'VAN', description: 'Service van' },
    ])
    .execute();
  await db
    .insertInto('unitOfMeasure')
    .values([
      { accountId: a, unitType: 'Item', unitNo: '1000', code: 'BOX', description: 'Box' },
      { accountId: a, unitType: 'Item', unitNo: '1100', code: 'PCS', description: 'Pieces' },
      { accountId: a, unitType: 'Item', unitNo: '1200', code: 'M', description: 'Metre' },
      { accountId: a, unitType: 'Item', unitNo: '1300', code: 'BAG', description: 'Bag' },
      { accountId: a, unitType: 'Item', unitNo: '1400', code: 'PCS', description: 'Pieces' },
      { accountId: a, unitType: 'Resource', unitNo: 'R01', code: 'HOUR', description: 'Hour' },
      { accountId: a, unitType: 'Resource', unitNo: 'R02', code: 'HOUR', description: 'Hour' },
      { accountId: a, unitType: 'Resource', unitNo: 'R03', code: 'HOUR', description: 'Hour' },
      { accountId: a, unitType: 'Resource', unitNo: 'VAN', code: 'HOUR', description: 'Hour' },
      { accountId: a, unitType: 'Resource', unitNo: 'VAN', code: 'KM', description: 'Kilometre' },
    ])
    .execute();
  await db
    .insertInto('location')
    .values([
      { accountId: a, code: 'CPH', name: 'Copenhagen' },
      { accountId: a, code: 'AAR', name: 'Aarhus' },
      { accountId: a, code: 'SITE', name: 'On site' },
    ])
    .execute();
  await db
    .insertInto('workType')
    .values([
      { accountId: a, code: 'NORMAL', description: 'Normal hours', unitOfMeasureCode: 'HOUR' },
      { accountId: a, code: 'OVERTIME', description: 'Overtime', unitOfMeasureCode: 'HOUR' },
      { accountId: a, code: 'DRIVE', description: 'Driving', unitOfMeasureCode: null },
    ])
    .execute();
}

/** What the seed needs from the server (db/ imports nothing from src/server): its account creation and password hashing. */
export interface SeedServices {
  createAccount(db: Database, input: { code: string; name: string; admin: string; password: string }): Promise<{ accountId: number }>;
  hashPassword(password: string): Promise<string>;
}

/** Creates the demo account with three users; returns their logins (printed once at start). */
export async function seedDemo(db: Database, { createAccount, hashPassword }: SeedServices): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [
    { username: 'admin', password: password(), role: 'Admin' },
    { username: 'teamleader', password: password(), role: 'Teamleader' },
    { username: 'basic', password: password(), role: 'Basic' },
  ];
  // The three argon2 hashes (normal cost: these are real logins) run at once on libuv's thread
  // pool, and the rest is one transaction: the demo seed is on the first start's critical path.
  const [{ accountId }, leaderHash, basicHash] = await Promise.all([
    createAccount(db, { code: 'DEMO', name: 'Demo Byg A/S', admin: 'admin', password: logins[0]!.password }),
    hashPassword(logins[1]!.password),
    hashPassword(logins[2]!.password),
  ]);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('appUser').set({ teamCode: 'A' }).where('accountId', '=', accountId).execute();
    await trx
      .insertInto('appUser')
      .values([
        { accountId, username: 'teamleader', passwordHash: leaderHash, profileType: 'Teamleader', teamCode: 'A', defaultResource: 'R01' },
        { accountId, username: 'basic', passwordHash: basicHash, profileType: 'Basic', teamCode: 'A', defaultResource: 'R03', lockDefaultResource: true },
      ])
      .execute();
    await seedMasterData(trx, accountId);
  });
  await analyze(db);
  return logins;
}
