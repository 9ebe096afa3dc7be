/* global process, console */
// Run after `npm install`: node tools/fix-lock.mjs package-lock.json
// Adds lock entries for platform-specific optional deps that the npm mirror here could not resolve,
// so `npm ci` (npm 11) accepts the lock. os/cpu/libc are derived from the package name so npm skips
// them on other platforms without fetching.
import fs from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];
const added = [];
for (const [loc, entry] of Object.entries(pkgs)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    // node resolution: nested first, then the root node_modules
    if (pkgs[`${loc}/node_modules/${name}`] || pkgs[`node_modules/${name}`]) continue;
    if (!/^\d+\.\d+\.\d+$/.test(spec)) throw new Error(`${name}: non-exact spec ${spec}`);
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p));
    const abi = parts.at(-1);
    const libc = os === 'linux' ? (abi.startsWith('musl') ? 'musl' : abi.startsWith('gnu') ? 'glibc' : undefined) : undefined;
    if (!cpu) throw new Error(`${name}: no cpu in name`);
    const e = { version: spec, cpu: [cpu] };
    if (entry.dev) e.dev = true;
    if (libc) e.libc = [libc];
    e.optional = true;
    if (os) e.os = [os];
    pkgs[`node_modules/${name}`] = e;
    added.push(`${name}@${spec}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added.length}:`, added.join(' '));
