//! Where the server stands on the network, and what that changes: behind HTTPS its session
//! cookies are `Secure`; behind a reverse proxy it takes the client's address from
//! `X-Forwarded-For`, but only from proxies it was told to trust (anyone else could write that
//! header to escape the login limit); and every answer carries the headers that keep a page
//! from running scripts it did not serve or being framed by another site.

use std::{
    fmt,
    net::{IpAddr, SocketAddr},
    str::FromStr,
};

use axum::{
    extract::Request,
    http::{HeaderMap, HeaderName, HeaderValue, header},
    middleware::Next,
    response::Response,
};

/// The pages' Content-Security-Policy: scripts, styles and connections (the live games'
/// WebSockets) from this server only; images also from `data:` and `blob:` (the viewer draws
/// its PNG export from an SVG blob); no plugins; and no other site may frame a page
/// (`frame-ancestors 'none'`, against clickjacking).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// A bad `--public-url` or `--trusted-proxy`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeploymentError {
    /// Not an `http://` or `https://` address.
    #[error("public URL {0:?} is not an http:// or https:// address")]
    PublicUrl(String),
    /// Neither an IP address nor a CIDR block.
    #[error("trusted proxy {0:?} is not an IP address or a CIDR block (10.0.0.0/8, fd00::/8)")]
    Proxy(String),
}

/// A block of addresses: an IP address and how many of its leading bits must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpBlock {
    addr: IpAddr,
    prefix: u8,
}

impl IpBlock {
    /// Whether `ip` lies in the block. An IPv4 address seen as IPv6 (`::ffff:10.0.0.1`, as a
    /// dual-stack listener reports it) is the IPv4 address.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(block), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(block) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(block), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(block) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for IpBlock {
    type Err = DeploymentError;

    /// `10.1.2.3` (one address), `10.0.0.0/8`, `::1`, `fd00::/8`.
    fn from_str(text: &str) -> Result<IpBlock, DeploymentError> {
        let bad = || DeploymentError::Proxy(text.to_owned());
        let (addr, prefix) = match text.trim().split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text.trim(), None),
        };
        let addr = addr.parse::<IpAddr>().map_err(|_| bad())?.to_canonical();
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                p.parse::<u8>().ok().filter(|n| *n <= max).ok_or_else(bad)?
            }
            Some(_) => return Err(bad()),
        };
        Ok(IpBlock { addr, prefix })
    }
}

impl fmt::Display for IpBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// How the server is reached: over HTTPS or not, through which trusted proxies. The default
/// is a server reached directly over plain HTTP (a club's machine, a test).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deployment {
    secure: bool,
    proxies: Vec<IpBlock>,
}

impl Deployment {
    /// A server reached directly over plain HTTP.
    pub fn new() -> Deployment {
        Deployment::default()
    }

    /// The address users reach the server at: an `https://` one makes the session cookies
    /// `Secure`, so that a browser never sends them over plain HTTP.
    ///
    /// # Errors
    /// [`DeploymentError::PublicUrl`] for an address that is not `http://…` or `https://…`.
    pub fn public_url(mut self, url: &str) -> Result<Deployment, DeploymentError> {
        let lower = url.trim().to_ascii_lowercase();
        let host = if let Some(rest) = lower.strip_prefix("https://") {
            self.secure = true;
            rest
        } else if let Some(rest) = lower.strip_prefix("http://") {
            self.secure = false;
            rest
        } else {
            return Err(DeploymentError::PublicUrl(url.to_owned()));
        };
        if host.is_empty() || host.starts_with('/') || host.contains(char::is_whitespace) {
            return Err(DeploymentError::PublicUrl(url.to_owned()));
        }
        Ok(self)
    }

    /// Trusts the proxies at `block` (an address or a CIDR block) to tell the client's address
    /// in `X-Forwarded-For`.
    ///
    /// # Errors
    /// [`DeploymentError::Proxy`] for text that is neither.
    pub fn trust_proxy(mut self, block: &str) -> Result<Deployment, DeploymentError> {
        self.proxies.push(block.parse()?);
        Ok(self)
    }

    /// Whether the session cookies carry `Secure`.
    pub fn secure_cookies(&self) -> bool {
        self.secure
    }

    fn trusted(&self, ip: IpAddr) -> bool {
        self.proxies.iter().any(|b| b.contains(ip))
    }

    /// The client's address for a request that came from `peer`. A peer that is a trusted
    /// proxy forwards it: `X-Forwarded-For` is read from the right (each proxy appends the
    /// address it heard from), past the trusted proxies, to the first address that is not one
    /// — what the client wrote itself further left is not believed. Any other peer is the
    /// client, whatever the header says.
    pub fn client_address(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusted(peer) {
            return peer;
        }
        let mut hops = Vec::new();
        for value in headers.get_all(HeaderName::from_static("x-forwarded-for")) {
            let Ok(value) = value.to_str() else {
                return peer;
            };
            for hop in value.split(',') {
                match parse_hop(hop) {
                    Some(ip) => hops.push(ip),
                    // A list we cannot read is not believed at all.
                    None => return peer,
                }
            }
        }
        let mut client = peer;
        for ip in hops.into_iter().rev() {
            client = ip;
            if !self.trusted(ip) {
                break;
            }
        }
        client
    }

    /// As [`Deployment::client_address`], for a socket address.
    pub fn client_of(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        self.client_address(peer.ip(), headers)
    }
}

/// One address of `X-Forwarded-For`: an IP, maybe with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    hop.parse::<SocketAddr>()
        .ok()
        .map(|s| s.ip().to_canonical())
}

/// Adds the security headers to every answer: the Content-Security-Policy (with
/// `frame-ancestors 'none'`), `X-Content-Type-Options: nosniff`, and `X-Frame-Options: DENY`
/// for browsers that predate `frame-ancestors`.
pub async fn security_headers(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    fn xff(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", HeaderValue::from_str(v).expect("ascii"));
        }
        h
    }

    #[test]
    fn blocks_match_their_prefix_only() {
        let b: IpBlock = "10.1.0.0/16".parse().expect("parses");
        assert!(b.contains(ip("10.1.255.3")));
        assert!(!b.contains(ip("10.2.0.1")));
        assert!(b.contains(ip("::ffff:10.1.0.9")), "IPv4 seen as IPv6");
        assert!(!b.contains(ip("fd00::1")));
        let one: IpBlock = "192.0.2.7".parse().expect("parses");
        assert!(one.contains(ip("192.0.2.7")) && !one.contains(ip("192.0.2.8")));
        let all: IpBlock = "0.0.0.0/0".parse().expect("parses");
        assert!(all.contains(ip("203.0.113.1")));
        let v6: IpBlock = "fd00::/8".parse().expect("parses");
        assert!(v6.contains(ip("fdab::1")) && !v6.contains(ip("fe80::1")));
        for bad in [
            "",
            "10.0.0.0/33",
            "fd00::/129",
            "10.0.0.0/",
            "10.0.0/8",
            "x",
            "::1/-1",
        ] {
            assert!(bad.parse::<IpBlock>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn public_urls_decide_secure_cookies() {
        let d = Deployment::new();
        assert!(!d.secure_cookies());
        let https = d.clone().public_url("HTTPS://xq.example.org/").expect("ok");
        assert!(https.secure_cookies());
        let http = https.public_url("http://xq.example.org").expect("ok");
        assert!(!http.secure_cookies());
        for bad in ["xq.example.org", "ftp://x", "https://", "https:///x"] {
            assert!(Deployment::new().public_url(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn forwarded_addresses_are_believed_from_trusted_proxies_only() {
        let d = Deployment::new()
            .trust_proxy("10.0.0.0/8")
            .and_then(|d| d.trust_proxy("192.0.2.1"))
            .expect("valid");
        // A stranger's header is ignored.
        let stranger = ip("198.51.100.9");
        assert_eq!(d.client_address(stranger, &xff(&["1.2.3.4"])), stranger);
        // From a trusted proxy: the address it heard from.
        let proxy = ip("10.0.0.5");
        assert_eq!(
            d.client_address(proxy, &xff(&["203.0.113.7"])),
            ip("203.0.113.7")
        );
        // What the client wrote on the left is not believed: the rightmost untrusted hop is.
        assert_eq!(
            d.client_address(proxy, &xff(&["6.6.6.6, 203.0.113.7, 192.0.2.1"])),
            ip("203.0.113.7")
        );
        // Several headers read as one list, ports and IPv6 allowed.
        assert_eq!(
            d.client_address(proxy, &xff(&["6.6.6.6", "[2001:db8::1]:443, 10.9.9.9"])),
            ip("2001:db8::1")
        );
        // Only trusted hops: the leftmost; no header or a bad one: the proxy itself.
        assert_eq!(
            d.client_address(proxy, &xff(&["10.1.1.1, 10.2.2.2"])),
            ip("10.1.1.1")
        );
        assert_eq!(d.client_address(proxy, &HeaderMap::new()), proxy);
        assert_eq!(d.client_address(proxy, &xff(&["1.2.3.4, junk"])), proxy);
        // A proxy seen through a dual-stack socket.
        assert_eq!(
            d.client_address(ip("::ffff:10.0.0.5"), &xff(&["203.0.113.8"])),
            ip("203.0.113.8")
        );
        // Nothing trusted: never the header.
        assert_eq!(
            Deployment::new().client_address(proxy, &xff(&["1.2.3.4"])),
            proxy
        );
    }
}
