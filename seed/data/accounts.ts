/** Demo accounts, emulator data only (README). */
export const accounts = [
  { email: 'demo@example.com', password: 'demo1234', displayName: '王小明', emailVerified: true, admin: false },
  { email: 'admin@example.com', password: 'admin1234', displayName: '青嶼書房店長', emailVerified: true, admin: true },
];
