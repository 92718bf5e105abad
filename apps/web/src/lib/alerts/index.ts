export {
  alertsQueryOptions,
  applyAlertEvent,
  applyAlertReadEvent,
  markAlertsRead,
  refreshAlerts,
  safeAlertLink,
  withRead,
} from './alerts';
export type { Alert } from './alerts';
