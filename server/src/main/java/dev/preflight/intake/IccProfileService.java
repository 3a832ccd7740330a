package dev.preflight.intake;

import dev.preflight.platform.BlobStore;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PayloadTooLargeException;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.multipart.MultipartFile;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The ICC catalogue a tenant sees: the built-in output conditions, then the profiles it uploaded. Uploads are
 * checked header first (422 when it is not a well-formed ICC profile) and kept per tenant.
 */
@Service
class IccProfileService {

    /** One catalogue entry: built in (with or without bytes) or uploaded by the tenant. */
    record Item(IccCatalogue.Entry builtin, IccProfileRepository.Row uploaded) {
    }

    /** A profile's bytes with the file name to offer. */
    record Profile(String fileName, byte[] bytes) {
    }

    private final IccCatalogue catalogue;
    private final IccProfileRepository repository;
    private final BlobStore blobs;
    private final IntakeProperties properties;

    IccProfileService(IccCatalogue catalogue, IccProfileRepository repository, BlobStore blobs,
                      IntakeProperties properties) {
        this.catalogue = catalogue;
        this.repository = repository;
        this.blobs = blobs;
        this.properties = properties;
    }

    List<Item> list(Caller caller) {
        var out = new ArrayList<Item>();
        catalogue.all().forEach(e -> out.add(new Item(e, null)));
        repository.list(caller.tenantId()).forEach(r -> out.add(new Item(null, r)));
        return out;
    }

    Item get(Caller caller, String id) {
        var builtin = catalogue.find(id);
        if (builtin.isPresent()) {
            return new Item(builtin.get(), null);
        }
        return new Item(null, uploaded(caller, id));
    }

    Profile profile(Caller caller, String id) {
        Item item = get(caller, id);
        if (item.builtin() != null) {
            if (item.builtin().profile() == null) {
                throw new NotFoundException("No redistributable profile is bundled for " + id + ": "
                        + item.builtin().note());
            }
            return new Profile(id + ".icc", item.builtin().profile());
        }
        try (InputStream in = blobs.open(item.uploaded().blobKey())) {
            return new Profile(id + ".icc", in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the stored profile " + id, e);
        }
    }

    @Transactional
    IccProfileRepository.Row upload(Caller caller, MultipartFile file, String name, String description,
                                    String outputConditionIdentifier) {
        caller.require(Permission.PROFILES);
        var v = Validator.body();
        if (file == null || file.isEmpty()) {
            v.add("file", file == null ? "Field required" : "The uploaded file is empty", "missing");
        }
        String n = PinnedFields.blankToNull(name);
        if (n == null) {
            v.add("name", "Field required", "missing");
        } else {
            v.length("name", n, 1, 255);
        }
        String d = PinnedFields.blankToNull(description);
        v.length("description", d, 1, 1024);
        String oci = PinnedFields.blankToNull(outputConditionIdentifier);
        v.length("output_condition_identifier", oci, 1, 255);
        v.throwIfInvalid();
        if (file.getSize() > properties.icc().maxUploadBytes()) {
            throw new PayloadTooLargeException("The profile is " + file.getSize() + " bytes; ICC uploads are limited "
                    + "to " + properties.icc().maxUploadBytes() + " bytes.");
        }
        byte[] bytes;
        try {
            bytes = file.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the upload", e);
        }
        IccHeader header;
        try {
            header = IccHeader.read(bytes, bytes.length);
        } catch (IccHeader.InvalidException e) {
            throw RequestValidationException.of("body", "file", "Not a valid ICC profile: " + e.getMessage(),
                    "icc_header");
        }
        var row = new IccProfileRepository.Row(UUID.randomUUID().toString(), caller.tenantId(), n, d, oci, header,
                IccCatalogue.sha256(bytes), Times.now());
        try {
            blobs.put(row.blobKey(), new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("could not store the profile", e);
        }
        repository.insert(row);
        return row;
    }

    @Transactional
    void delete(Caller caller, String id) {
        if (catalogue.find(id).isPresent()) {
            throw new ForbiddenException("'" + id + "' is a built-in catalogue entry; only uploaded profiles can be "
                    + "deleted.");
        }
        caller.require(Permission.PROFILES);
        IccProfileRepository.Row row = uploaded(caller, id);
        repository.delete(caller.tenantId(), row.id());
        try {
            blobs.deletePrefix(row.blobKey());
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the stored profile " + id, e);
        }
    }

    private IccProfileRepository.Row uploaded(Caller caller, String id) {
        try {
            UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new NotFoundException("ICC profile '" + id + "' not found.");
        }
        return repository.find(caller.tenantId(), id)
                .orElseThrow(() -> new NotFoundException("ICC profile '" + id + "' not found."));
    }
}
