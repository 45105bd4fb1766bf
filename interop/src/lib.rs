//! Other platforms' formats and protocols, as a library: what `mj import`, `mj export`, `mj bot`
//! and `mj match` speak. Each platform is a module; Botzone's is the first, and Tenhou's and
//! mjai's formats belong beside it.
//!
//! The library knows no terminal, no command-line parser and no file system: it reads and writes
//! through the readers, writers and strings it is given, and runs no process (a referee talks to
//! its bots through the [`botzone::referee::Bots`] trait).

pub mod botzone;
pub mod mjai;
pub mod tenhou;
