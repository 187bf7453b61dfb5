/**
 * A small, plausible system around the workspace: /etc/passwd, /etc/hosts, a home folder. It is there so
 * that a call leaving /workspace finds something, as it would on a real machine: pi reads /etc/passwd
 * (it has no path check), where an empty volume would answer ENOENT and look like a refusal. The home
 * folder is /home/user, what `~` expands to in the tools' paths.
 */
import { type FilesMap, loadFiles, type MemfsWorkspace } from "@backends/memfs/workspace";

export const SYSTEM_FILES: FilesMap = {
  "/etc/passwd": `root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
user:x:1000:1000:Playground User,,,:/home/user:/bin/bash
`,
  "/etc/hosts": `127.0.0.1\tlocalhost
::1\tlocalhost ip6-localhost ip6-loopback
127.0.1.1\tplayground
`,
  "/etc/hostname": "playground\n",
  "/home/user/.bashrc": `# ~/.bashrc: read by interactive shells
export EDITOR=vi
alias ll='ls -la'
`,
  "/home/user/.gitconfig": `[user]
\tname = Playground User
\temail = user@example.com
`,
  "/home/user/notes/todo.txt": "renew the TLS certificate\nwater the plants\n",
  "/tmp": { dir: true },
};

/** Adds the system files to a fresh volume (before anything listens to its changes). */
export function installSystemFiles(workspace: MemfsWorkspace): void {
  loadFiles(workspace, SYSTEM_FILES);
}
