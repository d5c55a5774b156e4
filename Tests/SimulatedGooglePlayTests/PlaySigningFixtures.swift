import Foundation

/// Keys and a signature made outside this package, with the `openssl` command line
/// (`openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`, `openssl dgst -sha1 -sign`,
/// `openssl pkey -pubout -outform DER`), so the store's signatures are checked against another
/// implementation of `SHA1withRSA`.
enum PlaySigningFixtures {
    /// A 2048-bit RSA private key (PKCS#8 PEM).
    static let privateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDIFdWJA4hBRaFA
        QxzGCfeW6wZXu0jOo2SA190lA4Cqv4d5Fv0VlukCWzVEbAaik9E1WsXyK0aM5j3f
        /jY7KxMFf1ENhRMDxdyDa1QulqU5eXqSB/+z/4DCUF48EQ6+mKi0xJqx3HILKBL5
        0x5w0KAQPxPQ2GHpSmMtWJ9uhZ0yY9S5kZGM+bNoXJYwM/A9CdI25f+dJaJaTddL
        NqvRnlMcL2H5D12QZRm9aRIdmsFaAW9fCnW3m/OvlTO3/Odhw7CDqvyHuY/+JnBt
        B+Af2Lb0GZShF3xG3eKF8lDkScUVM0lh9bVg06oRQQZH30cGAEzBTwUWBkX0yPRO
        vVOUmIwfAgMBAAECggEAGokGwj6FLf7hhUfBQ6RjwRCXTUBJxhnWRN4b9oIx6LMw
        8MazNs9GRKk69cGL2bjX2Ica1GSX3SzVzOSGZa9vPN3nLm9VF72AYq9zwR/6dpZd
        QousBj+e4GZPMREkDvPo/9xJFciCGWetqJMuqNCKQc1Tv/FKful+IK/tqPcwY1Os
        0b9jAsbNdoKlRS9BQONQhl08/5ibvkKZJzBf7G+k2sMMFvrHkIlBwyFJh7edPgdq
        0IJJhQrlOQ58eB2/UoSslAA+t3YiP7Idq5PIp/OpJixO+t2SbGL9y3R3P7w3XDZL
        81zLMENp36GsgMj8/R/qixI+8Qc/3t3qJqu/XiEwwQKBgQD1oKmZq6tqprU/BgGj
        8pPUJABVX1XTsjnrrE5GQphtKzr0rL4GjD+HYwqq0HfOGSBDRZyboCE9pioiBA7k
        s7YO69pqPvk3YvqlLaD/qz6stysStAcjIBaCfLObg3yYn4DkdoSA6xDTm/OvxaR/
        1Vo+JEGBgCypCSRKJJ0OZItCwQKBgQDQiNcZJMacmlvXaa8Ywbuu8LF2M3Sbg3EO
        g+1Ts0sx73wn2Dp3r6m87qOZ43c/ugi/l71oELjdtnvyEPB0+7lFnhf59NdULaZu
        DJ/ZSov1Pf5GkirGVsMRywA3OG+JUNhe1S61+4nXD4lzH+H7Ee5NjqQoDHxC5AVc
        o5FyRVDm3wKBgQClZz9OQA/6jbBXdE/+eweZP3UKCFzfZZEjZrB/F7FVMltNEFYW
        SrMtFEDGrgM/QiQ7qNDA65/2x8JvjZQJ5gqfGavHCAkChyCJwqQ8BrD51Y6n1ZtI
        x/7gd+DqxCxPCnndXwHzXlfCZ649mzYe7ykJ15hVAF8SpRlO5EDuxD4TAQKBgB2r
        6tc0CWKNABZlfjmKj1bz/nwwFB5wlGyZTvKC52ciiUruFFulTgSI/BRQbk5N/SKt
        x5CAGJ3LclVeHai3jIQgW48ATIc4u56bAz+awNFTUdPexmFURQtKFCzHRe+G5lKQ
        CMZyFQnZtxf/aFseEQdODYN5S1EFOtIUoARfYoSHAoGAFmmwlzKt1cS+ompsQL7a
        1nf927gcxMlUsem2a8fztld4kq8zU09j5tcH0wsijTt52vWvwRubBsUXpGFr7Axs
        cKaSHDe8AnM3daqucYB2otsVnl/UCUJNko/Oi8udLmmWV+9MsuOvYTAtaHVIfKdI
        YhK/tmMhQ0070Xwlp3YZ3Hw=
        -----END PRIVATE KEY-----
        """

    /// The key's public half as Play Console shows it: base64 of its DER SubjectPublicKeyInfo.
    static let licenseKey =
        "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAyBXViQOIQUWhQEMcxgn3lusGV7tIzqNkgNfdJQOAqr+HeRb9FZbpAls1"
        + "RGwGopPRNVrF8itGjOY93/42OysTBX9RDYUTA8Xcg2tULpalOXl6kgf/s/+AwlBePBEOvpiotMSasdxyCygS+dMecNCgED8T0Nhh"
        + "6UpjLVifboWdMmPUuZGRjPmzaFyWMDPwPQnSNuX/nSWiWk3XSzar0Z5THC9h+Q9dkGUZvWkSHZrBWgFvXwp1t5vzr5Uzt/znYcOw"
        + "g6r8h7mP/iZwbQfgH9i29BmUoRd8Rt3ihfJQ5EnFFTNJYfW1YNOqEUEGR99HBgBMwU8FFgZF9Mj0Tr1TlJiMHwIDAQAB"

    /// A purchase's JSON.
    static let purchaseData =
        #"{"orderId":"GPA.1234-5678-9012-34567","packageName":"com.example.app","productId":"remove.ads","#
        + #""purchaseTime":1767225600000,"purchaseState":0,"purchaseToken":"abc","quantity":1,"acknowledged":false}"#

    /// `openssl dgst -sha1 -sign` of ``purchaseData`` with ``privateKeyPEM``, base64.
    static let signature =
        "uw1Q7lyMaDojS2sWNzma9C8xUxPNlILGZBitDrx5V8kh1MGhc6a2sVosmlOaJkqVCgLWffriT2qkpBYIXBbuIUOvxxsmT3ASqL0y"
        + "Cm3TyuuJ/7QW9wIF7q8+jhHYbpKF+lUTbUfpDjgbHBvvbGgP5tlOgDsxtwgGnY9DZ036xhF96AaX/vHQsVitU0vHTQZE7iHb+4XD"
        + "yCWGqkRH/LknxfnjhRDZiup8/LtYePRbNZ35bkFQ1R8Y/mUfDlS+PGfYodbf6Frg3QUhoZ/Gmkp0rsxYBDJGgG+9WoGJoxyNWHsG"
        + "7a1ohhJ+zlYW04r9hC1vvTB26g7amObmeRgnjgHLEw=="

    /// A 1024-bit RSA public key (DER SubjectPublicKeyInfo, base64): too short for Play.
    static let rsa1024LicenseKey =
        "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDfSHhinyDp+//0Tu9THoHDUwVaausQVMB+KJRdxwL4xmAbgvGxt0eByDg7rz6L"
        + "EiuTB+pE2MC07+TwzztuSBgakRePW/eoHWiJ4tw1+zSW4rIhtL4qtLWTiUG+dalrrbPlmfpp8xtEfX1rwYUdac2A1cvps7VicaRh"
        + "YnXRLVMxpQIDAQAB"

    /// A P-256 public key (DER SubjectPublicKeyInfo, base64): not RSA.
    static let p256LicenseKey =
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAExGmajl9rm9vX4xKSeCIj358xkPfywxEHhsJteUK0qXE8RJN1r+8BW0RklpzvnQ/z"
        + "FQXaSHVVkGXMahaNZSNCvQ=="

    /// The private key's PKCS#8 DER, base64: a private key where a public key belongs.
    static var privateKeyBase64: String {
        privateKeyPEM.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.hasPrefix("-----")
        }.joined()
    }
}
