// The login of a simulated device as it starts (OpenDTU's default); a companion's own login
// starts with the same.
export const PASSWORD = 'openDTU42';
export const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
