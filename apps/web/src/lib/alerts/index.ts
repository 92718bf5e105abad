export {
  alertsQueryOptions,
  applyAlertEvent,
  applyAlertReadEvent,
  listAlerts,
  markAlertsRead,
  refreshAlerts,
  safeAlertLink,
  withAlert,
  withRead,
} from './alerts';
export type { Alert, AlertsList } from './alerts';
