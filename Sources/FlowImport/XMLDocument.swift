#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibXML2

/// A parsed XML file, read with libxml2's tree parser. The input is untrusted: no network, no
/// DTD loading, no entity substitution, and libxml2's default size limits stay on (no
/// XML_PARSE_HUGE).
final class XMLDocument {
    struct ParseError: Error, Sendable {
        var line: Int
        var column: Int
        var message: String
    }

    private let doc: xmlDocPtr

    private init(doc: xmlDocPtr) { self.doc = doc }

    deinit { xmlFreeDoc(doc) }

    static func parse(_ bytes: [UInt8], file: String) -> Result<XMLDocument, ParseError> {
        guard bytes.count < Int(Int32.max) else {
            return .failure(ParseError(line: 1, column: 1, message: "the file is too large to be a storyboard"))
        }
        guard let ctxt = xmlNewParserCtxt() else {
            return .failure(ParseError(line: 1, column: 1, message: "libxml2 could not allocate a parser"))
        }
        defer { xmlFreeParserCtxt(ctxt) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)
        let doc: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                xmlCtxtReadMemory(ctxt, base, Int32(buffer.count), file, nil, options)
            }
        }
        if let doc, ctxt.pointee.wellFormed != 0 {
            return .success(XMLDocument(doc: doc))
        }
        if let doc { xmlFreeDoc(doc) }
        if let error = xmlCtxtGetLastError(UnsafeMutableRawPointer(ctxt)) {
            var message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed XML"
            while message.last == "\n" || message.last == " " { message.removeLast() }
            return .failure(ParseError(line: max(1, Int(error.pointee.line)), column: max(1, Int(error.pointee.int2)), message: message))
        }
        return .failure(ParseError(line: 1, column: 1, message: "not well-formed XML"))
    }

    /// The document element; valid while the document lives.
    var root: XMLElement? {
        guard let node = xmlDocGetRootElement(doc) else { return nil }
        return XMLElement(node: node)
    }
}

/// An element of a live `XMLDocument`. Read attributes and children by walking libxml2's own
/// structures: copying the tree into Swift values cost more than parsing it.
struct XMLElement {
    let node: xmlNodePtr

    var name: String { String(cString: node.pointee.name) }

    func named(_ n: StaticString) -> Bool {
        strcmp(UnsafeRawPointer(node.pointee.name).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(n.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    var line: Int { Int(xmlGetLineNo(node)) }

    /// The value of an attribute without a namespace, or nil.
    subscript(_ attribute: StaticString) -> String? {
        var p = node.pointee.properties
        let wanted = UnsafeRawPointer(attribute.utf8Start).assumingMemoryBound(to: CChar.self)
        while let prop = p {
            if strcmp(UnsafeRawPointer(prop.pointee.name).assumingMemoryBound(to: CChar.self), wanted) == 0 {
                return Self.text(of: prop.pointee.children)
            }
            p = prop.pointee.next
        }
        return nil
    }

    /// The element children, in document order.
    var children: [XMLElement] {
        var out: [XMLElement] = []
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_ELEMENT_NODE { out.append(XMLElement(node: n)) }
            c = n.pointee.next
        }
        return out
    }

    func child(_ n: StaticString) -> XMLElement? {
        var c = node.pointee.children
        while let e = c {
            if e.pointee.type == XML_ELEMENT_NODE, XMLElement(node: e).named(n) { return XMLElement(node: e) }
            c = e.pointee.next
        }
        return nil
    }

    var parent: XMLElement? {
        guard let p = node.pointee.parent, p.pointee.type == XML_ELEMENT_NODE else { return nil }
        return XMLElement(node: p)
    }

    /// The element's text content.
    var text: String { Self.text(of: node.pointee.children) }

    /// The text nodes of a list, joined (entity references are not expanded: untrusted input).
    private static func text(of first: xmlNodePtr?) -> String {
        var out = ""
        var c = first
        while let n = c {
            if n.pointee.type == XML_TEXT_NODE, let content = n.pointee.content { out += String(cString: content) }
            c = n.pointee.next
        }
        return out
    }

    /// Every descendant element, depth first, in document order.
    func forEachDescendant(_ body: (XMLElement) -> Void) {
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_ELEMENT_NODE {
                let e = XMLElement(node: n)
                body(e)
                e.forEachDescendant(body)
            }
            c = n.pointee.next
        }
    }
}
