import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';

/**
 * A seccomp filter for every engine sandbox (bwrap --seccomp): the system
 * calls no document converter needs and kernel exploits like best are
 * refused, so an engine taken over by a hostile file has less of the kernel
 * to attack. Refused: debugging other processes, loading kernel modules or
 * BPF programs, mounting, new namespaces (unshare, setns, and clone with a
 * namespace flag), keyrings, io_uring, userfaultfd, perf events, changing the
 * clock, the host name or swap, rebooting. clone3 answers ENOSYS, so that the
 * C library falls back to clone, whose flags the filter can read. Any other
 * ABI than x86-64's (32-bit int 0x80, x32) kills the process.
 *
 * Written as classic BPF by hand: a few lines of logic, where a library
 * would be a new native dependency. x86-64 only; elsewhere engines
 * run without it (namespaces, the engine user and no capabilities still hold).
 */

/** Where a sandbox reads its filter: 3 is bwrap's report, 4 and up are the programs' own (the browser's pipe). */
export const SECCOMP_FD = 9;

const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const SYSCALL_CLONE = 56;
const SYSCALL_CLONE3 = 435;
const NAMESPACE_FLAGS = 0x7e020080; // CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET | NEWTIME

/** x86-64 numbers of the refused calls. */
const REFUSED = {
  ptrace: 101,
  syslog: 103,
  vhangup: 153,
  pivot_root: 155,
  adjtimex: 159,
  chroot: 161,
  acct: 163,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  sethostname: 170,
  setdomainname: 171,
  iopl: 172,
  ioperm: 173,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  lookup_dcookie: 212,
  clock_settime: 227,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  clock_adjtime: 305,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  kcmp: 312,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
} as const;

const LOAD_WORD = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JUMP_IF_EQUAL = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JUMP_IF_AT_LEAST = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JUMP_IF_ANY_BIT = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RETURN = 0x06; // BPF_RET | BPF_K
const KILL_PROCESS = 0x80000000;
const ALLOW = 0x7fff0000;
const ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;
/** Offsets in struct seccomp_data. */
const NR = 0;
const ARCH = 4;
const FIRST_ARGUMENT = 16;

type Label = 'refuse' | 'unsupported' | 'clone';
interface Instruction {
  code: number;
  k: number;
  /** Where to go when the test holds; otherwise the next instruction. */
  then?: Label;
}

let filter: Buffer | undefined | null;

/** The filter's bytes (struct sock_filter[]), or undefined where it does not apply. */
export function seccompFilter(): Buffer | undefined {
  if (filter === undefined) filter = process.arch === 'x64' ? assemble() : null;
  return filter ?? undefined;
}

function assemble(): Buffer {
  // Any other ABI is killed before its call number is read (its numbers mean other calls).
  const architecture = [encode(LOAD_WORD, 0, 0, ARCH), encode(JUMP_IF_EQUAL, 1, 0, AUDIT_ARCH_X86_64), encode(RETURN, 0, 0, KILL_PROCESS)];
  const body: (Instruction | Label)[] = [
    { code: LOAD_WORD, k: NR },
    { code: JUMP_IF_AT_LEAST, k: X32_SYSCALL_BIT, then: 'refuse' },
    { code: JUMP_IF_EQUAL, k: SYSCALL_CLONE3, then: 'unsupported' },
    { code: JUMP_IF_EQUAL, k: SYSCALL_CLONE, then: 'clone' },
    ...Object.values(REFUSED).map((nr): Instruction => ({ code: JUMP_IF_EQUAL, k: nr, then: 'refuse' })),
    { code: RETURN, k: ALLOW },
    'clone',
    { code: LOAD_WORD, k: FIRST_ARGUMENT },
    { code: JUMP_IF_ANY_BIT, k: NAMESPACE_FLAGS, then: 'refuse' },
    { code: RETURN, k: ALLOW },
    'refuse',
    { code: RETURN, k: ERRNO | EPERM },
    'unsupported',
    { code: RETURN, k: ERRNO | ENOSYS },
  ];
  const labels = new Map<Label, number>();
  const instructions: Instruction[] = [];
  for (const entry of body) {
    if (typeof entry === 'string') labels.set(entry, instructions.length);
    else instructions.push(entry);
  }
  const encoded = instructions.map((instruction, at) => {
    const jump = instruction.then === undefined ? 0 : labels.get(instruction.then)! - at - 1;
    if (jump < 0 || jump > 255) throw new Error(`seccomp filter: a jump of ${jump} instructions cannot be encoded`);
    return encode(instruction.code, jump, 0, instruction.k);
  });
  return Buffer.concat([...architecture, ...encoded]);
}

/** struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }, in the machine's (little-endian) order. */
function encode(code: number, jumpTrue: number, jumpFalse: number, k: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeUInt16LE(code, 0);
  bytes.writeUInt8(jumpTrue, 2);
  bytes.writeUInt8(jumpFalse, 3);
  bytes.writeUInt32LE(k >>> 0, 4);
  return bytes;
}

/** The stdio entries from index 3 up to SECCOMP_FD for a confined spawn: bwrap's report where asked for, the filter's pipe last. */
export function sandboxStdio(report: boolean): ('pipe' | 'ignore')[] {
  const entries: ('pipe' | 'ignore')[] = [report ? 'pipe' : 'ignore'];
  while (entries.length < SECCOMP_FD - 3) entries.push('ignore');
  entries.push(seccompFilter() ? 'pipe' : 'ignore');
  return entries;
}

/** Writes the filter into a child started with `sandboxStdio`, for bwrap to read. */
export function feedSeccompFilter(child: ChildProcess): void {
  const bytes = seccompFilter();
  const pipe = (child.stdio as readonly unknown[])[SECCOMP_FD] as Writable | null | undefined;
  if (!bytes || !pipe) return;
  // bwrap that failed before reading closes its end: nothing to tell, its exit says it.
  pipe.on('error', () => undefined);
  pipe.end(bytes);
}
