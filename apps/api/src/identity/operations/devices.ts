// ConfirmDevice, ListDevices, GetDevice, ForgetDevice, UpdateDeviceStatus. A device key is handed out
// with a sign-in (NewDeviceMetadata) and carried in that session's access tokens; ConfirmDevice with
// such a token stores the device (Cognito's "user opt-in" tracking: remembered only when asked).
// ListDevices lists the devices that are signed in; ForgetDevice signs one out (decision 023).
import { z } from 'zod';
import { authorise } from '../context.ts';
import { invalidParameter, resourceNotFound } from '../errors.ts';
import { defineOperation, Z } from '../protocol.ts';
import type { Device } from '../repository.ts';
import { deviceGroupKeyOf } from './sign-in.ts';

const LIST_LIMIT_MAX = 60;
const epochSeconds = (date: Date) => date.getTime() / 1000;

function deviceType(device: Device) {
  return {
    DeviceKey: device.deviceKey,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      { Name: 'device_name', Value: device.name ?? '' },
      { Name: 'dev:device_remembered_status', Value: device.remembered ? 'remembered' : 'not_remembered' },
      ...(device.lastIp ? [{ Name: 'last_ip_used', Value: device.lastIp }] : []),
    ],
    DeviceCreateDate: epochSeconds(device.createdAt),
    DeviceLastModifiedDate: epochSeconds(device.updatedAt),
    DeviceLastAuthenticatedDate: epochSeconds(device.lastAuthenticatedAt),
  };
}

const deviceNotFound = () => resourceNotFound('Device does not exist.');

export const confirmDevice = defineOperation(
  z.object({
    AccessToken: Z.token,
    DeviceKey: Z.deviceKey,
    DeviceSecretVerifierConfig: z
      .object({ PasswordVerifier: z.string().max(4096).nullish(), Salt: z.string().max(1024).nullish() })
      .nullish(),
    DeviceName: z.string().min(1).max(1024).nullish(),
  }),
  async (ctx, input, request) => {
    const { user, claims } = await authorise(ctx, input.AccessToken);
    if (claims.deviceKey !== input.DeviceKey) throw deviceNotFound();
    const keys = await ctx.keys.get();
    await ctx.repo.upsertDevice(
      {
        deviceKey: input.DeviceKey,
        userSub: user.sub,
        deviceGroupKey: deviceGroupKeyOf(keys.sessionKey, input.DeviceKey),
        name: input.DeviceName?.slice(0, 256) ?? null,
        remembered: false,
        lastIp: request.ip,
        passwordVerifier: input.DeviceSecretVerifierConfig?.PasswordVerifier ?? '',
        salt: input.DeviceSecretVerifierConfig?.Salt ?? '',
      },
      ctx.clock(),
    );
    return { UserConfirmationNecessary: true };
  },
);

export const listDevices = defineOperation(
  z.object({
    AccessToken: Z.token,
    Limit: z.number().int().min(0).max(LIST_LIMIT_MAX).nullish(),
    PaginationToken: z.string().min(1).max(200).nullish(),
  }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    const limit = input.Limit || LIST_LIMIT_MAX;
    let after: string | null = null;
    if (input.PaginationToken) {
      after = Buffer.from(input.PaginationToken, 'base64url').toString('utf8');
      if (!/^[\w-]{1,100}$/.test(after)) throw invalidParameter('Invalid pagination token.');
    }
    const page = await ctx.repo.listDevices(user.sub, limit + 1, after, ctx.clock());
    const devices = page.slice(0, limit);
    const last = devices[devices.length - 1];
    return {
      Devices: devices.map(deviceType),
      ...(page.length > limit && last ? { PaginationToken: Buffer.from(last.deviceKey).toString('base64url') } : {}),
    };
  },
);

export const getDevice = defineOperation(
  z.object({ AccessToken: Z.token, DeviceKey: Z.deviceKey }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    const device = await ctx.repo.findDevice(user.sub, input.DeviceKey);
    if (!device) throw deviceNotFound();
    return { Device: deviceType(device) };
  },
);

export const forgetDevice = defineOperation(
  z.object({ AccessToken: Z.token, DeviceKey: Z.deviceKey }),
  async (ctx, input) => {
    const { user, claims } = await authorise(ctx, input.AccessToken);
    const now = ctx.clock();
    // Forgetting a device signs it out too (decision 023): its sessions' tokens are refused from now
    // on. The session asking stays, so forgetting one's own device (as Cognito clients do) keeps one in.
    const found = await ctx.repo.db.transaction().execute(async (trx) => {
      await ctx.repo.revokeSessionsOfDevice(user.sub, input.DeviceKey, now, claims.originJti, trx);
      return ctx.repo.deleteDevice(user.sub, input.DeviceKey, trx);
    });
    if (!found) throw deviceNotFound();
    ctx.onRevoked?.();
    return {};
  },
);

export const updateDeviceStatus = defineOperation(
  z.object({
    AccessToken: Z.token,
    DeviceKey: Z.deviceKey,
    DeviceRememberedStatus: z.enum(['remembered', 'not_remembered']).nullish(),
  }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    const remembered = input.DeviceRememberedStatus === 'remembered';
    if (!(await ctx.repo.updateDevice(user.sub, input.DeviceKey, { remembered }, ctx.clock()))) throw deviceNotFound();
    return {};
  },
);
