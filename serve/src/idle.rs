//! Connections that go quiet are closed. A client that opens a connection and sends half a
//! request (or nothing, or nothing more after a response) would otherwise hold a socket and a
//! task for ever, and a thousand of them would use up the process's file descriptors, so that
//! the server could accept no one else. Every accepted stream is wrapped so that a read that
//! stays pending longer than the idle limit fails with `TimedOut`; the HTTP layer then drops the
//! connection. Any bytes read or written restart the clock, so a slow but moving upload and a
//! response being computed (shorter than the limit by design, see `Limits::idle`) are not cut.
//!
//! A client can also keep a connection by sending a byte now and then, never finishing its
//! request: so a connection that has read for longer than the head limit since it was opened or
//! last answered (`Limits::head`) is closed too, however steadily the bytes come.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{sleep, Instant, Sleep};

/// A listener whose connections time out when idle.
pub struct IdleListener {
    pub inner: TcpListener,
    pub idle: Duration,
    pub head: Duration,
}

impl axum::serve::Listener for IdleListener {
    type Io = IdleStream;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, addr) = axum::serve::Listener::accept(&mut self.inner).await;
        (
            IdleStream {
                io,
                idle: self.idle,
                timer: Box::pin(sleep(self.idle)),
                head: self.head,
                answered: Instant::now(),
            },
            addr,
        )
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A TCP stream whose pending reads fail after `idle` without traffic.
pub struct IdleStream {
    io: TcpStream,
    idle: Duration,
    timer: Pin<Box<Sleep>>,
    /// Longest a request may take to arrive, from the connection's start or its last answer.
    head: Duration,
    /// When the connection was opened or last wrote.
    answered: Instant,
}

impl IdleStream {
    fn touch(&mut self) {
        self.timer.as_mut().reset(Instant::now() + self.idle);
    }

    fn wrote(&mut self) {
        self.answered = Instant::now();
        self.touch();
    }
}

impl AsyncRead for IdleStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.answered.elapsed() > this.head {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request took longer to arrive than the server allows",
            )));
        }
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(r) => {
                this.touch();
                Poll::Ready(r)
            }
            Poll::Pending => match this.timer.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "connection idle past the server's limit",
                ))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for IdleStream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let r = Pin::new(&mut this.io).poll_write(cx, buf);
        if r.is_ready() {
            this.wrote();
        }
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let r = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        if r.is_ready() {
            this.wrote();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}
