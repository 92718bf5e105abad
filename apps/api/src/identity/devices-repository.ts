// The identity provider's remembered devices (Cognito's device tracking): confirmed from a session,
// listed page by page, renamed, forgotten.
import type { Db } from '../db/index.ts';
import type { DbTime } from '../db/schema.ts';
import { fromDbBool, fromDbTime, toDbBool, toDbTime } from '../db/values.ts';

export type Device = {
  deviceKey: string;
  userSub: string;
  deviceGroupKey: string;
  name: string | null;
  remembered: boolean;
  lastIp: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastAuthenticatedAt: Date;
};

type DeviceRow = {
  device_key: string;
  user_sub: string;
  device_group_key: string;
  name: string | null;
  remembered: number | boolean;
  last_ip: string | null;
  created_at: DbTime;
  updated_at: DbTime;
  last_authenticated_at: DbTime;
};

const toDevice = (row: DeviceRow): Device => ({
  deviceKey: row.device_key,
  userSub: row.user_sub,
  deviceGroupKey: row.device_group_key,
  name: row.name,
  remembered: fromDbBool(row.remembered),
  lastIp: row.last_ip,
  createdAt: fromDbTime(row.created_at),
  updatedAt: fromDbTime(row.updated_at),
  lastAuthenticatedAt: fromDbTime(row.last_authenticated_at),
});

const DEVICE_COLUMNS = [
  'device_key',
  'user_sub',
  'device_group_key',
  'name',
  'remembered',
  'last_ip',
  'created_at',
  'updated_at',
  'last_authenticated_at',
] as const;

export function createDevicesRepository(db: Db) {
  return {
    async upsertDevice(
      device: Pick<Device, 'deviceKey' | 'userSub' | 'deviceGroupKey' | 'name' | 'remembered' | 'lastIp'> & {
        passwordVerifier: string;
        salt: string;
      },
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('identity_devices')
        .values({
          device_key: device.deviceKey,
          user_sub: device.userSub,
          device_group_key: device.deviceGroupKey,
          name: device.name,
          remembered: toDbBool(device.remembered),
          password_verifier: device.passwordVerifier,
          salt: device.salt,
          last_ip: device.lastIp,
          created_at: toDbTime(now),
          updated_at: toDbTime(now),
          last_authenticated_at: toDbTime(now),
        })
        .onConflict((oc) =>
          oc
            .column('device_key')
            .doUpdateSet({
              name: device.name,
              password_verifier: device.passwordVerifier,
              salt: device.salt,
              updated_at: toDbTime(now),
            })
            .where('identity_devices.user_sub', '=', device.userSub),
        )
        .execute();
    },

    async findDevice(userSub: string, deviceKey: string): Promise<Device | undefined> {
      const row = await db
        .selectFrom('identity_devices')
        .select(DEVICE_COLUMNS)
        .where('user_sub', '=', userSub)
        .where('device_key', '=', deviceKey)
        .executeTakeFirst();
      return row ? toDevice(row) : undefined;
    },

    /**
     * Keyset pagination in device-key order: `after` is the last key of the previous page. Only devices
     * with a session that is neither revoked nor expired at `now`: the list is of signed-in devices
     * (decision 023), so a device signed out from stays out of it until it signs in again.
     */
    async listDevices(userSub: string, limit: number, after: string | null, now: Date): Promise<Device[]> {
      let query = db
        .selectFrom('identity_devices')
        .select(DEVICE_COLUMNS)
        .where('user_sub', '=', userSub)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('identity_sessions as s')
              .select('s.origin_jti')
              .whereRef('s.device_key', '=', 'identity_devices.device_key')
              .whereRef('s.user_sub', '=', 'identity_devices.user_sub')
              .where('s.revoked_at', 'is', null)
              .where('s.expires_at', '>', toDbTime(now)),
          ),
        );
      if (after) query = query.where('device_key', '>', after);
      const rows = await query.orderBy('device_key').limit(limit).execute();
      return rows.map(toDevice);
    },

    async updateDevice(
      userSub: string,
      deviceKey: string,
      patch: { remembered?: boolean; lastIp?: string | null; authenticatedAt?: Date },
      now: Date,
    ) {
      const result = await db
        .updateTable('identity_devices')
        .set({
          ...(patch.remembered !== undefined ? { remembered: toDbBool(patch.remembered) } : {}),
          ...(patch.lastIp !== undefined ? { last_ip: patch.lastIp } : {}),
          ...(patch.authenticatedAt ? { last_authenticated_at: toDbTime(patch.authenticatedAt) } : {}),
          updated_at: toDbTime(now),
        })
        .where('user_sub', '=', userSub)
        .where('device_key', '=', deviceKey)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteDevice(userSub: string, deviceKey: string, trx: Db = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('identity_devices')
        .where('user_sub', '=', userSub)
        .where('device_key', '=', deviceKey)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
