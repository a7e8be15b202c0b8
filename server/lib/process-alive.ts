/**
 * Whether a process of this machine is still running, by the pid it left in a lock file or a folder
 * name (signal 0 only asks). EPERM means it exists but belongs to another account.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
