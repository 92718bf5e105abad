// GET and PUT /settings: the caller's own language (also the language of their mails) and whether
// they want chat e-mail notices, and which dashboard a user with both roles saw last. Kept on the
// profile, so they exist once onboarding made one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DASHBOARD_VIEWS,
  ZApiError,
  ZSettings,
  ZUpdateSettingsRequest,
  type DashboardView,
  type Language,
  type SettingsWire,
} from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fromDbBool } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';

/** The profiles module keeps the settings on the profile and writes them. */
export type SettingsWrites = {
  updateSettings(
    cognitoId: string,
    settings: {
      language?: string;
      chatEmailNotices?: boolean;
      fulfilmentDigest?: boolean;
      dashboardView?: DashboardView;
    },
    now: Date,
  ): Promise<boolean>;
};

const isDashboardView = (value: string | null): value is DashboardView =>
  (DASHBOARD_VIEWS as readonly (string | null)[]).includes(value);

export const settingsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  profiles: SettingsWrites;
  defaultLanguage: Language;
  clock?: () => Date;
}> = async (app, { db, profiles, defaultLanguage, clock = () => new Date() }) => {
  const read = async (sub: string): Promise<SettingsWire> => {
    const row = await db
      .selectFrom('user_profiles')
      .select(['language', 'chat_email_notices', 'fulfilment_digest', 'dashboard_view'])
      .where('cognito_id', '=', sub)
      .executeTakeFirst();
    if (!row) throw fail('profile.not-found', 'Profile not found');
    return {
      language: row.language === 'en' || row.language === 'de' ? row.language : defaultLanguage,
      chat_email_notices: fromDbBool(row.chat_email_notices),
      fulfilment_digest: fromDbBool(row.fulfilment_digest),
      dashboard_view: isDashboardView(row.dashboard_view) ? row.dashboard_view : null,
    };
  };

  const common = { tags: ['settings'], security: [{ bearer: [] }] };

  app.get(
    '/settings',
    {
      preHandler: app.authenticate,
      schema: { ...common, summary: 'Your settings', response: { 200: ZSettings, 401: ZApiError, 404: ZApiError } },
    },
    async (request) => read(requireUser(request).sub),
  );

  app.put(
    '/settings',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Change your settings',
        body: ZUpdateSettingsRequest,
        response: { 200: ZSettings, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const { sub } = requireUser(request);
      const {
        language,
        chat_email_notices: notices,
        fulfilment_digest: digest,
        dashboard_view: dashboardView,
      } = request.body;
      const updated = await profiles.updateSettings(
        sub,
        {
          ...(language !== undefined ? { language } : {}),
          ...(notices !== undefined ? { chatEmailNotices: notices } : {}),
          ...(digest !== undefined ? { fulfilmentDigest: digest } : {}),
          ...(dashboardView !== undefined ? { dashboardView } : {}),
        },
        clock(),
      );
      if (!updated) throw fail('profile.not-found', 'Profile not found');
      return read(sub);
    },
  );
};
