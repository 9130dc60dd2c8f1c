/** Client id of the admin console; reserved, no API client can be created with it. */
export const ADMIN_CONSOLE_CLIENT_ID = 'emulator-admin-console';
